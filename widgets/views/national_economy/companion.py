"""The table companion's answers for people playing the physical game: a wage and excess-sale calculator and a final-score calculator (pure; the widgets are in ``__init__``).

Both take the real table's numbers and answer with the engine's own rules
(``rulebook.games.national_economy.advice``); nothing here touches the match.
"""

from __future__ import annotations

import html
import re

from rulebook.games.national_economy.advice import table_score, wage_calculator
from rulebook.games.national_economy.data import KINDS_T, N_CARDS

from .texts import WORDS

NAMES = {name.lower(): k.code for k in KINDS_T[1:N_CARDS] for name in (k.ja, k.en, k.code)}


def read_buildings(text: str) -> list[str]:
    """Building names (JA, EN or code), separated by commas; ``ValueError`` names the one not read."""
    codes = []
    for part in re.split(r"[,、，\n]+", text):
        name = part.strip().lower()
        if not name:
            continue
        if name not in NAMES:
            raise ValueError(name)
        codes.append(NAMES[name])
    return codes


def read_values(text: str) -> list[int]:
    values = [int(x) for x in re.split(r"[\s,、]+", text.strip()) if x]
    if any(v < 0 for v in values):
        raise ValueError(text)
    return values


def wage_html(round_number: int, workers: int, cash: int, values_text: str, lang: str) -> str:
    e = html.escape
    try:
        values = read_values(values_text)
        result = wage_calculator(round_number, workers, cash, values)
    except ValueError:
        return f"<div class='rb-calc-error'>{e(WORDS('calc_bad_numbers', lang))}</div>"
    lines = [e(WORDS("calc_due", lang, wage=result["wage"], due=result["due"], short=result["shortfall"]))]
    for option in result["options"]:
        sold = " + ".join(f"${v}" for v in option["values"]) or "—"
        lines.append(e(WORDS("calc_option", lang, sold=sold, left=option["left"], tokens=option["tokens"])))
    return "<ul class='rb-calc-result'>" + "".join(f"<li>{line}</li>" for line in lines) + "</ul>"


def score_html(buildings_text: str, money: int, tokens: int, workers: int, goods: int, lang: str) -> str:
    e = html.escape
    try:
        parts = table_score(read_buildings(buildings_text), money, tokens, workers, goods)
    except ValueError as error:
        return f"<div class='rb-calc-error'>{e(WORDS('calc_bad_building', lang, name=str(error)[:30]))}</div>"
    text = WORDS("calc_score", lang, total=parts["total"], buildings=parts["buildings"], bonus=parts["bonus"], money=parts["money"], unpaid=parts["unpaid"])
    return f"<div class='rb-calc-result rb-calc-score'>{e(text)}</div>"


__all__ = ["read_buildings", "read_values", "score_html", "wage_html"]
