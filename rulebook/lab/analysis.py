"""The lab's analyses of rows of games (``rulebook simulate``, the lab page, Python).

A designer asks yes/no questions of noisy data ("does 案2 make solo
clearable?"), so every share comes with a 95 % interval and every
comparison with a sentence saying whether the data show a difference —
not only a point estimate that invites reading noise as a finding.

Intervals: Wilson's score interval for a share (good at small counts and
near 0 or 1, where the plain ±1.96·SE one goes below 0); Newcombe's
hybrid score interval for a difference of two shares; Welch's normal
interval for a difference of two means. A win shared by k seats counts
1/k to each (so shares add up to one per game).
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import pandas as pd

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


# ----- intervals ---------------------------------------------------------------------------------
def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a share ``successes / n`` (``(0, 1)`` when there are no games)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe(k1: float, n1: int, k2: float, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """Difference ``k2/n2 - k1/n1`` of two shares and its 95 % interval (Newcombe's hybrid score method)."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    return (d, d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def welch(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Difference ``mean(b) - mean(a)`` and its 95 % interval (normal approximation, unequal variances)."""
    sa, sb = pd.Series(a, dtype=float), pd.Series(b, dtype=float)
    d = float(sb.mean() - sa.mean())
    va = float(sa.var(ddof=1)) if len(sa) > 1 else 0.0
    vb = float(sb.var(ddof=1)) if len(sb) > 1 else 0.0
    se = math.sqrt(va / max(len(sa), 1) + vb / max(len(sb), 1))
    return (d, d - z * se, d + z * se)


# ----- shares --------------------------------------------------------------------------------------
def _share(seat: int, winners: Sequence[int]) -> float:
    winners = list(winners)
    return 1.0 / len(winners) if seat in winners else 0.0


def seat_count(frame: pd.DataFrame) -> int:
    return int(len(frame["seats"].iloc[0])) if len(frame) else 0


def win_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Per seat: games, win share (ties split), its 95 % interval and the fair share 1/seats.

    In a solo game the one seat's share is the clear rate (a solo game is
    won when it is cleared).
    """
    n_seats = seat_count(frame)
    rows = []
    for seat in range(n_seats):
        wins = float(sum(_share(seat, w) for w in frame["winners"]))
        n = len(frame)
        lo, hi = wilson(wins, n)
        rows.append({"seat": seat, "games": n, "share": wins / n if n else 0.0, "low": lo, "high": hi, "fair": 1.0 / n_seats if n_seats else 0.0})
    return pd.DataFrame(rows, columns=["seat", "games", "share", "low", "high", "fair"])


def kind_win_shares(frame: pd.DataFrame) -> pd.DataFrame:
    """Per bot kind: its seats' win share (each seat a game took is one observation) against the fair share.

    "The strongest bot against the random bot" is this over a run with
    seats like ``search,random`` (best with ``rotate``, so both sit first
    equally often).
    """
    n_seats = seat_count(frame)
    totals: dict[str, list[float]] = {}
    for seats, winners in zip(frame["seats"], frame["winners"]):
        for seat, kind in enumerate(seats):
            totals.setdefault(kind, []).append(_share(seat, winners))
    rows = []
    for kind, values in totals.items():
        lo, hi = wilson(sum(values), len(values))
        rows.append({"kind": kind, "seats_played": len(values), "share": sum(values) / len(values), "low": lo, "high": hi, "fair": 1.0 / n_seats})
    return pd.DataFrame(rows, columns=["kind", "seats_played", "share", "low", "high", "fair"])


def first_seat_advantage(frame: pd.DataFrame) -> dict[str, Any]:
    """Seat 0's share against the fair share, with the interval and the sentence (JA, EN)."""
    shares = win_shares(frame)
    if shares.empty:
        return {}
    first = shares.iloc[0]
    fair = float(first["fair"])
    shows = not (first["low"] <= fair <= first["high"])
    en_val = f"{first['share']:.1%} (95 % interval {first['low']:.1%}–{first['high']:.1%}; fair {fair:.1%}, n={int(first['games'])})"
    ja_val = f"{first['share']:.1%}（95 % 区間 {first['low']:.1%}〜{first['high']:.1%}、公平なら {fair:.1%}、{int(first['games'])} 局）"
    if seat_count(frame) == 1:
        return {"share": float(first["share"]), "low": float(first["low"]), "high": float(first["high"]), "fair": fair, "shows": False,
                "sentence_en": f"Clear rate {en_val.split(';')[0]})", "sentence_ja": f"クリア率 {ja_val.split('、')[0]}）"}
    return {
        "share": float(first["share"]), "low": float(first["low"]), "high": float(first["high"]), "fair": fair, "shows": bool(shows),
        "sentence_en": f"First seat wins {en_val}: " + ("the data show a first-seat effect." if shows else "the data show no first-seat effect."),
        "sentence_ja": f"先手（席 1）の勝率は {ja_val}。" + ("先手による差がデータに表れています。" if shows else "先手による差はデータに表れていません。"),
    }


# ----- two option sets --------------------------------------------------------------------------------
METRICS = {
    "win": ("席 1 の勝率（1 人用ならクリア率）", "seat 1's win share (solo: clear rate)"),
    "score": ("平均得点（全席）", "mean score (every seat)"),
    "moves": ("1 局の手数", "moves per game"),
}


@dataclass(frozen=True)
class Comparison:
    """B minus A for one metric, with its 95 % interval and what it means in words."""

    metric: str
    a: float
    b: float
    difference: float
    low: float
    high: float
    n_a: int
    n_b: int

    @property
    def shows(self) -> bool:
        """True when the interval leaves out 0: the data show a difference."""
        return self.low > 0 or self.high < 0

    def sentence(self, lang: str) -> str:
        name_ja, name_en = METRICS[self.metric]
        pct = self.metric == "win"
        fmt = (lambda x: f"{x:+.1%}") if pct else (lambda x: f"{x:+.2f}")
        val = (lambda x: f"{x:.1%}") if pct else (lambda x: f"{x:.2f}")
        if lang == "ja":
            head = f"{name_ja}: A {val(self.a)}、B {val(self.b)}、差 (B−A) {fmt(self.difference)}（95 % 区間 {fmt(self.low)}〜{fmt(self.high)}、{self.n_a} 局と {self.n_b} 局）。"
            if self.shows:
                return head + ("B の方が高いことがデータに表れています。" if self.difference > 0 else "B の方が低いことがデータに表れています。")
            return head + "この対局数では差があるとは言えません（区間が 0 をまたいでいます）。"
        head = f"{name_en}: A {val(self.a)}, B {val(self.b)}, difference (B−A) {fmt(self.difference)} (95 % interval {fmt(self.low)} to {fmt(self.high)}; {self.n_a} and {self.n_b} games). "
        if self.shows:
            return head + ("The data show B is higher." if self.difference > 0 else "The data show B is lower.")
        return head + "The data do not show a difference at this number of games (the interval includes 0)."


def compare(a: pd.DataFrame, b: pd.DataFrame, metric: str = "win") -> Comparison:
    """Option set B against option set A on ``metric`` (``win``, ``score`` or ``moves``)."""
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; metrics: {', '.join(METRICS)}")
    if not len(a) or not len(b):
        raise ValueError("both option sets need at least one game")
    if metric == "win":
        ka = float(sum(_share(0, w) for w in a["winners"]))
        kb = float(sum(_share(0, w) for w in b["winners"]))
        d, lo, hi = newcombe(ka, len(a), kb, len(b))
        return Comparison(metric, ka / len(a), kb / len(b), d, lo, hi, len(a), len(b))
    if metric == "score":
        va, vb = all_scores(a), all_scores(b)
    else:
        va, vb = [float(x) for x in a["moves"]], [float(x) for x in b["moves"]]
    d, lo, hi = welch(va, vb)
    return Comparison(metric, sum(va) / len(va), sum(vb) / len(vb), d, lo, hi, len(a), len(b))


def all_scores(frame: pd.DataFrame) -> list[float]:
    return [float(s) for scores in frame["scores"] for s in scores]


# ----- events ---------------------------------------------------------------------------------------
def event_columns(frame: pd.DataFrame) -> list[str]:
    return [c for c in frame.columns if c.startswith("ev_")]


def events_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Per numeric event: mean per game and the share of games where it happened at least once."""
    rows = []
    for column in event_columns(frame):
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values):
            rows.append({"event": column[3:], "mean": float(values.mean()), "games_with": float((values > 0).mean())})
    return pd.DataFrame(rows, columns=["event", "mean", "games_with"])


def event_tokens(frame: pd.DataFrame) -> dict[str, pd.Series]:
    """Per text event (space-separated names, e.g. the winners' buildings): how often each name appears."""
    out = {}
    for column in event_columns(frame):
        values = frame[column]
        if not pd.api.types.is_numeric_dtype(values) and all(isinstance(v, str) for v in values):
            counts = pd.Series([t for v in values for t in v.split()], dtype=object).value_counts()
            out[column[3:]] = counts
    return out


def end_rules(frame: pd.DataFrame) -> pd.Series:
    """How often each rule ended the game (share of games)."""
    return frame["end_rule"].value_counts(normalize=True)


# ----- text summary ---------------------------------------------------------------------------------
def summary_lines(frame: pd.DataFrame, game: str) -> list[str]:
    """What ``rulebook simulate`` prints after a run."""
    if not len(frame):
        return ["no game finished"]
    lines = [f"{game}: {len(frame):,} games, seats {','.join(frame['seats'].iloc[0])}"]
    for _, r in win_shares(frame).iterrows():
        lines.append(f"  seat {int(r['seat'])}: win share {r['share']:.3f} (95 % {r['low']:.3f}–{r['high']:.3f}, fair {r['fair']:.3f})")
    if len({tuple(s) for s in frame["seats"]}) > 1 or len(set(frame["seats"].iloc[0])) > 1:
        for _, r in kind_win_shares(frame).iterrows():
            lines.append(f"  {r['kind']}: win share {r['share']:.3f} (95 % {r['low']:.3f}–{r['high']:.3f}, fair {r['fair']:.3f})")
    scores = all_scores(frame)
    lines.append(f"  mean score {sum(scores) / len(scores):.2f}; mean moves {frame['moves'].mean():.1f}; mean turns {frame['turns'].mean():.1f}")
    lines.append("  ended by: " + ", ".join(f"{rule} {share:.1%}" for rule, share in end_rules(frame).items()))
    for _, r in events_table(frame).iterrows():
        lines.append(f"  event {r['event']}: {r['mean']:.2f} per game, in {r['games_with']:.1%} of games")
    return lines


# ----- files ------------------------------------------------------------------------------------------
def to_parquet_bytes(frame: pd.DataFrame) -> bytes:
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    return buffer.getvalue()


def to_csv_bytes(frame: pd.DataFrame) -> bytes:
    """CSV with list columns (seats, winners, scores) written as JSON text, so they read back unambiguously."""
    flat = frame.copy()
    for column in flat.columns:
        if not pd.api.types.is_numeric_dtype(flat[column]) and any(isinstance(v, (list, tuple)) or hasattr(v, "tolist") for v in flat[column]):
            flat[column] = [json.dumps(list(v.tolist() if hasattr(v, "tolist") else v), ensure_ascii=False) for v in flat[column]]
    return flat.to_csv(index=False).encode("utf-8")


def read_rows(data: bytes, name: str) -> pd.DataFrame:
    """Rows read back from Parquet or CSV bytes (list columns as Python lists)."""
    if name.lower().endswith(".csv"):
        frame = pd.read_csv(io.BytesIO(data))
        for column in ("seats", "winners", "scores"):
            frame[column] = [json.loads(v) for v in frame[column]]
        return frame
    frame = pd.read_parquet(io.BytesIO(data))
    for column in ("seats", "winners", "scores"):
        frame[column] = [list(v) for v in frame[column]]
    return frame


def concat(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    return pd.concat(list(frames), ignore_index=True)
