"""``rulebook simulate``: the lab from the terminal (``rulebook/cli.py`` hands over here)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from .spec import DEFAULT_ITERATIONS, MAX_GAMES, LabError, make_spec, parse_option_texts


def add_parser(commands: Any) -> None:
    """The ``simulate`` subcommand's arguments."""
    p = commands.add_parser(
        "simulate",
        help="play GAME many times with bots and write one row per game (the designer's lab)",
        description="Play N seeded games with bots (game i uses seed S+i) on a Dask cluster and write one row per game.",
    )
    p.add_argument("game", help="the game's name (e.g. national_economy)")
    p.add_argument("--games", type=int, required=True, metavar="N", help=f"how many games (1 to {MAX_GAMES:,})")
    p.add_argument("--seats", required=True, help="bot kind per seat, comma-separated (e.g. search,rules,random)")
    p.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option (repeatable), e.g. mode=solo2")
    p.add_argument("--seed", default="0", metavar="S", help="seed of game 0 (default %(default)s)")
    p.add_argument(
        "--iterations",
        type=int,
        default=DEFAULT_ITERATIONS,
        metavar="K",
        help="sampled worlds per search-bot decision, no clock, so games replay exactly (default %(default)s)",
    )
    p.add_argument("--rotate", action="store_true", help="game i shifts the seat list by i places (each bot in every seat)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, metavar="W", help="LocalCluster worker processes (default: one per CPU; 0: no Dask, this process)")
    where.add_argument("--scheduler", default=None, metavar="ADDR", help="an existing Dask scheduler, e.g. tcp://host:8786 (default: $RULEBOOK_DASK)")
    p.add_argument("--batch", type=int, default=None, metavar="B", help="games per Dask task (default: about 8 tasks per worker)")
    p.add_argument("--out", type=Path, default=None, metavar="FILE", help="write the rows: .parquet or .csv (default: a summary only)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def write_rows(frame: Any, path: Path) -> None:
    """Rows as Parquet (lists kept typed) or CSV (lists written as JSON text)."""
    from .analysis import to_csv_bytes, to_parquet_bytes

    data = to_csv_bytes(frame) if path.suffix.lower() == ".csv" else to_parquet_bytes(frame)
    path.write_bytes(data)


def run(args: argparse.Namespace) -> int:
    """Check everything, run, write what finished (also after Ctrl-C); 2 for refused input."""
    try:
        if args.out is not None and args.out.suffix.lower() not in (".parquet", ".csv"):
            raise LabError("lab", "出力ファイルは .parquet か .csv にしてください。", "The output file must end in .parquet or .csv.")
        if args.workers is not None and args.workers < 0:
            raise LabError("lab", "ワーカー数は 0 以上です。", "Workers must be 0 or more.")
        options = parse_option_texts(args.game, args.option)
        spec = make_spec(args.game, args.games, args.seats, options, seed=args.seed, iterations=args.iterations, rotate=args.rotate)
    except LabError as error:
        print(f"rulebook simulate: {error.message_en}\n  {error.message_ja}", file=sys.stderr)
        return 2
    from .analysis import summary_lines
    from .runner import simulate, terminal_bar

    result = simulate(
        spec,
        workers=args.workers,
        scheduler=args.scheduler,
        batch=args.batch,
        progress=None if args.quiet else terminal_bar(),
    )
    if result.cancelled:
        print(f"\ncancelled: {len(result.frame):,} of {spec.games:,} games finished", file=sys.stderr)
    if args.out is not None and len(result.frame):
        write_rows(result.frame, args.out)
        print(f"wrote {len(result.frame):,} rows to {args.out}", file=sys.stderr)
    for line in summary_lines(result.frame, spec.game):
        print(line)
    print(f"{len(result.frame):,} games in {result.seconds:.1f} s ({len(result.frame) / max(result.seconds, 1e-9):,.1f} games/s)")
    return 130 if result.cancelled else 0
