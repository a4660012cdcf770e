"""Kokkuri-san's worked examples drawn by its own board (``kokkuri_san.js``), and the card file's form. Pure.

``votes``: one candidate with the cards under it, all face up, and the votes
the engine counts (``votes_of``). ``points``: one elected candidate with its
points and the tokens from the left, and what each seat scores there (the
engine's ``influence_order``). Both are pictures for teaching, not a game.

``FORMAT_HTML`` describes the replacement card file on the page (the rules
text says it is described there); its vocabulary is the engine's (``OPS``).
"""

from __future__ import annotations

import html
from typing import Any

from rulebook.core.examples import ExampleError, ExampleSpec
from rulebook.games.kokkuri_san.examples import KINDS
from rulebook.games.kokkuri_san.examples import _cards as example_cards

from .common import card_label
from .texts import WORDS


def example_view(game: Any, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
    """The board's view model for one example, or None for a kind this board does not draw."""
    kind = KINDS.get(spec.kind)
    if kind is None:
        return None
    values = spec.values
    try:
        figures = kind.figures(values)
    except (ExampleError, KeyError, ValueError):
        return None
    fixed = {"enabled": False, "reason": WORDS("example_note", lang), "rule": "settlement"}
    item: dict[str, Any] = {"pos": 0, "kind": 0, "name": WORDS("example_candidate", lang), "effect": "", "effect_kind": "none", "effect_tag": "", "tokens": [], "cards": []}
    if spec.kind == "votes":
        item["cards"] = [{"seat": 0, "card": card_label(k), "up": True, "cell": fixed} for k in example_cards(values["cards"])]
        item["votes_text"] = WORDS("votes", lang, n=figures["votes"])
        item["points_text"] = ""
    else:
        first, second = (int(x) for x in values["points"].split())
        item["points_text"] = WORDS("points", lang, first=first, second=second)
        item["tokens"] = [int(s) - 1 for s in values["tokens"].split()]
        scores = figures["scores"]
        sep = "、" if lang == "ja" else ", "
        item["votes_text"] = sep.join(WORDS("award", lang, seat=(f"席{s + 1}" if lang == "ja" else f"Seat {s + 1}"), points=p) for s, p in enumerate(scores) if p)
    board = {
        "words": {k: WORDS(k, lang) for k in ("candidates", "hand", "last", "empty")},
        "ply": 0,
        "phase": "example",
        "you": -1,
        "interactive": False,
        "mode": "example",
        "stand_in": False,
        "data_note": "",
        "seats": [],
        "candidates": [item],
        "tokens_note": fixed,
        "last": None,
    }
    return {"status": "", "caption": "", "board": board, "controls": [], "messages": [], "rule": "", "traits": {}}


def _format_html(lang: str) -> str:
    ja = lang == "ja"
    rows = [
        ("format", '"kokkuri_san/cards"', "固定の文字列", "always this text"),
        ("version", "1", "形式の版", "the form's version"),
        ("stand_in", "false", "代替データなら true（省略可）", "true for stand-in data (may be left out)"),
        ("note_ja / note_en", '"…"', "注記、400 文字まで（省略可）", "a note of up to 400 characters (may be left out)"),
        ("play_cards", '[0, 1, …, 10, "x-1"]', "各色の 12 枚: 0〜10 の整数と \"x-1\"（×−1）", 'each colour\'s 12 cards: whole numbers 0-10 and "x-1" (the ×−1)'),
        ("candidates", "[{…}, …]", "候補者 2〜8 人", "2 to 8 candidates"),
        ("  id, name_ja, name_en", '"fox", "狐", "Fox"', "1〜40 文字、id は重複なし", "1-40 characters; no id twice"),
        ("  rounds", "[{…}, {…}, {…}]", "ラウンド 1・2・3 のカード", "the cards for rounds 1, 2 and 3"),
        ("    points", "[6, 3]", "影響 1 位・2 位の支配点（0〜99、1 位 ≥ 2 位）", "points for the 1st and 2nd in influence (0-99, 1st ≥ 2nd)"),
        ("    effect", 'null / {"op": …}', "パトロン効果（下の語彙）か null", "the patron effect (the vocabulary below) or null"),
    ]
    ops = [
        ('{"op": "draw", "n": 1}', "補充のあと n 枚（1〜3）多く引く", "draw n (1-3) more cards after refilling"),
        ('{"op": "flip"}', "裏向きのカード 1 枚を表にする", "turn one face-down card up"),
        ('{"op": "swap"}', "候補者 2 人を入れ替える", "swap two candidates"),
        ('{"op": "move"}', "別の候補者の自分のトークンをこの候補者へ動かす", "move a token of yours from another candidate here"),
    ]
    e = html.escape
    body = "".join(f"<tr><td><code>{e(k)}</code></td><td><code>{e(v)}</code></td><td>{e(a if ja else b)}</td></tr>" for k, v, a, b in rows)
    vocab = "".join(f"<li><code>{e(c)}</code> — {e(a if ja else b)}</li>" for c, a, b in ops)
    title = "カードデータのファイル形式（JSON）" if ja else "The card data file (JSON)"
    intro = (
        "本物のカードの値を持っている人は、この形式のファイルで代替データを置き換えられます。読み込むときに検査し、誤りは場所（例 candidates[2].rounds[0].points）と理由を示して断ります。"
        if ja
        else "An owner of the game can replace the stand-in with a file of this form. It is checked when loaded; a mistake is refused with its place (e.g. candidates[2].rounds[0].points) and the reason."
    )
    may = (
        '効果に "may": true を付けると任意（「〜できる」）、付けなければ強制です。'
        if ja
        else 'Add "may": true to make an effect optional ("you may …"); without it the effect is mandatory.'
    )
    return (
        f"<details class='rb-ks-format'><summary>{e(title)}</summary><p>{e(intro)}</p>"
        f"<table class='rb-ks-format-table'>{body}</table><ul class='rb-ks-format-ops'>{vocab}</ul><p>{e(may)}</p></details>"
    )


FORMAT_HTML = {"ja": _format_html("ja"), "en": _format_html("en")}

__all__ = ["FORMAT_HTML", "example_view"]
