"""How long a page takes to replay a loaded record (issue 17: loading is bounded by a deadline).

    python -m benchmarks.record_replay

Plays Chiritsumo (the slowest replay per move of the games measured) with
random legal choices to several lengths and prints the replay time of
``Match.from_record`` for each, against ``rulebook.tables.limits.REPLAY_SECONDS``:
how many moves a file may hold before a page refuses it on this machine.
"""

from __future__ import annotations

import random
import time

from rulebook.core import CHANCE, Match, get_game
from rulebook.tables.limits import REPLAY_SECONDS

LENGTHS = (500, 2000, 4000)


def record_of(moves: int) -> dict:
    game = get_game("chiritsumo")
    match = Match.new(game, None, seed=5)
    rng = random.Random(5)
    while len(match.steps) < moves and not match.is_over():
        if match.current_player == CHANCE:
            match.step_auto()
        else:
            match.play(rng.choice(list(game.legal_actions(match.state))))
    return match.to_record()


def main() -> None:
    game = get_game("chiritsumo")
    per_move = []
    for moves in LENGTHS:
        record = record_of(moves)
        started = time.perf_counter()
        Match.from_record(record, lambda _name: game)
        seconds = time.perf_counter() - started
        per_move.append(seconds / len(record["actions"]))
        print(f"chiritsumo: {len(record['actions']):5d} moves replayed in {seconds:5.2f} s ({1000 * per_move[-1]:.2f} ms/move)")
    worst = max(per_move)
    print(f"deadline {REPLAY_SECONDS:.0f} s: about {int(REPLAY_SECONDS / worst):,} moves of Chiritsumo load on this machine")


if __name__ == "__main__":
    main()
