"""The lab's plots, drawn on the server as SVG with matplotlib (no JavaScript chart library, no CDN).

Text stays text in the SVG (``svg.fonttype: none``), so Japanese labels
are drawn by the browser's own CJK fonts and the plots scale to the
width of a phone or a tablet (the fixed size is removed, the viewBox kept).
"""

from __future__ import annotations

import io
import re
from typing import Sequence

import pandas as pd
from matplotlib import rc_context
from matplotlib.figure import Figure

RC = {
    "svg.fonttype": "none",
    "font.family": ["Noto Sans CJK JP", "DejaVu Sans", "sans-serif"],
    "font.size": 11,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "svg.hashsalt": "rulebook-lab",
}
COLOURS = ("#2f6db5", "#d9822b", "#3a9a5b", "#b8405e", "#7d5ba6", "#8c6d3f")


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    # responsive: drop the fixed size, keep the viewBox
    text = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 class="rb-plot" preserveAspectRatio="xMidYMid meet"', text, count=1)
    return text


def _w(lang: str, ja: str, en: str) -> str:
    return ja if lang == "ja" else en


def win_share_svg(shares: pd.DataFrame, lang: str, label_column: str = "seat") -> str:
    """Bars of win share per seat (or bot kind) with 95 % intervals and the fair share as a dashed line."""
    with rc_context(RC):
        fig = Figure(figsize=(6.0, 0.6 + 0.55 * max(1, len(shares))))
        ax = fig.subplots()
        labels = [
            _w(lang, f"席 {int(v) + 1}", f"Seat {int(v) + 1}") if label_column == "seat" else str(v) for v in shares[label_column]
        ]
        y = list(range(len(shares)))[::-1]
        err_lo = (shares["share"] - shares["low"]).clip(lower=0)
        err_hi = (shares["high"] - shares["share"]).clip(lower=0)
        ax.barh(y, shares["share"], xerr=[err_lo, err_hi], color=COLOURS[0], alpha=0.85, capsize=4, height=0.6)
        if len(shares):
            ax.axvline(float(shares["fair"].iloc[0]), color="#444", linestyle="--", linewidth=1.2, label=_w(lang, "公平な勝率", "fair share"))
            ax.legend(loc="lower right", frameon=False)
        ax.set_yticks(y, labels)
        ax.set_xlim(0, 1)
        ax.set_xlabel(_w(lang, "勝率（95 % 区間）", "win share (95 % interval)"))
        return _svg(fig)


def histogram_svg(groups: Sequence[tuple[str, Sequence[float]]], xlabel: str, lang: str, integer: bool = True) -> str:
    """Overlaid histograms (one per group: a seat, an option set) as shares of the games."""
    with rc_context(RC):
        fig = Figure(figsize=(6.0, 3.0))
        ax = fig.subplots()
        values = [float(v) for _, vs in groups for v in vs]
        if values:
            lo, hi = min(values), max(values)
            if integer and hi - lo <= 60:
                bins = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
            else:
                bins = 30
            for k, (name, vs) in enumerate(groups):
                if len(vs):
                    weights = [1.0 / len(vs)] * len(vs)
                    ax.hist(list(vs), bins=bins, weights=weights, histtype="stepfilled", alpha=0.35, color=COLOURS[k % len(COLOURS)], label=name)
                    ax.hist(list(vs), bins=bins, weights=weights, histtype="step", color=COLOURS[k % len(COLOURS)], linewidth=1.4)
            if len(groups) > 1:
                ax.legend(frameon=False)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(_w(lang, "対局の割合", "share of games"))
        return _svg(fig)


def scores_svg(frame: pd.DataFrame, lang: str) -> str:
    """Score distribution, one colour per seat."""
    n = len(frame["seats"].iloc[0]) if len(frame) else 0
    groups = [(_w(lang, f"席 {k + 1}", f"Seat {k + 1}"), [s[k] for s in frame["scores"]]) for k in range(n)]
    return histogram_svg(groups, _w(lang, "得点", "score"), lang)


def lengths_svg(frame: pd.DataFrame, lang: str) -> str:
    """Game length (moves by seats, chance not counted)."""
    return histogram_svg([("", list(frame["moves"]))], _w(lang, "1 局の手数", "moves per game"), lang)


def compare_svg(a: pd.DataFrame, b: pd.DataFrame, lang: str) -> str:
    """Scores of option sets A and B, overlaid."""
    sa = [float(s) for sc in a["scores"] for s in sc]
    sb = [float(s) for sc in b["scores"] for s in sc]
    return histogram_svg([("A", sa), ("B", sb)], _w(lang, "得点（全席）", "score (every seat)"), lang)
