"""What the lab page shows of a run, and its words: every analysis as one HTML block (``results_html``),
drawn from ``rulebook.lab.analysis`` and ``rulebook.lab.plots``, in JA or EN (``WORDS``, ``lab_word``)."""

from __future__ import annotations

import base64
import html
import os
from typing import Any

from rulebook.lab import analysis, plots
from rulebook.lab.runner import DASK_ENV, RunResult

WORDS: dict[str, tuple[str, str]] = {
    "title": ("設計ラボ", "The designer's lab"),
    "intro": (
        "ルールの案をボット同士で何千局も試し、先手有利・腕と運・ルール案の違いを数字で確かめます。ゲーム i はシード S+i で遊ぶので、同じ設定なら何度でも同じ結果になります。",
        "Let bots play a rule variant thousands of times and see first-seat advantage, skill against luck and what an option changes. Game i uses seed S+i, so the same settings always give the same rows.",
    ),
    "game": ("ゲーム", "Game"),
    "seats": ("席のボット", "Bots per seat"),
    "seats_hint": ("カンマ区切り（例: search,random）。ボット: {kinds}", "Comma-separated (e.g. search,random). Bots: {kinds}"),
    "options": ("設定 A", "Options A"),
    "options_b": ("設定 B（比べるとき）", "Options B (to compare)"),
    "options_hint": ("1 行に 1 つ「名前=値」。設定: {names}", "One name=value a line. Options: {names}"),
    "games": ("対局数", "Games"),
    "seed": ("シード S", "Seed S"),
    "iterations": ("探索の試行数", "Search worlds"),
    "rotate": ("席を回す（各ボットが全席に座る）", "Rotate seats (each bot sits everywhere)"),
    "run": ("実行", "Run"),
    "skill": ("腕と運を測る", "Skill against luck"),
    "cancel": ("中止（終わった対局は残す）", "Cancel (keep finished games)"),
    "progress": ("{done:,} / {total:,} 局 · {rate:,.1f} 局/秒 · 残り {left}", "{done:,} / {total:,} games · {rate:,.1f} games/s · {left} left"),
    "cancelled": ("中止しました: {done:,} / {total:,} 局のデータです。", "Cancelled: showing the {done:,} of {total:,} games finished."),
    "page_cap": (
        "このページでは 1 回 {cap:,} 局までです。もっと多い場合は端末で rulebook simulate を使ってください。",
        "This page runs at most {cap:,} games at a time; for more use rulebook simulate in a terminal.",
    ),
    "busy": ("実行中です。終わるか中止するまでお待ちください。", "A run is going on: wait for it or cancel it."),
    "failed": ("実行できませんでした（エラー番号 {id}）。", "The run failed (error {id})."),
    "seat_shares": ("席ごとの勝率（先手有利）", "Win share per seat (first-seat advantage)"),
    "kind_shares": ("ボットごとの勝率", "Win share per bot"),
    "scores": ("得点の分布", "Score distribution"),
    "lengths": ("1 局の長さ", "Game length"),
    "ends": ("終わり方（ルール）", "How games ended (rule)"),
    "events": ("できごと（1 局あたり）", "Events per game"),
    "event": ("できごと", "event"),
    "mean": ("平均", "mean"),
    "games_with": ("起きた局の割合", "share of games with it"),
    "tokens": ("{name} の内訳", "{name}: which"),
    "compare": ("設定 A と B の比較", "Options A against B"),
    "skill_title": ("腕と運", "Skill against luck"),
    "skill_vs_random": (
        "最強のボット「{kind}」のランダムボット相手の勝率: {share}（公平なら {fair}）",
        "The strongest bot '{kind}' against random bots: win share {share} (fair {fair})",
    ),
    "skill_mirror": (
        "同じボット同士では席 1 の勝率 {share}（公平なら {fair}）。",
        "Against itself, seat 1 wins {share} (fair {fair}).",
    ),
    "skill_read_high": (
        "腕が勝敗の大半を決めます（公平な勝率からの上積みが、勝てる余地の {edge:.0%}）。",
        "Skill decides most games: the bot takes {edge:.0%} of the room between the fair share and always winning.",
    ),
    "skill_read_mid": (
        "腕は効きますが、運で決まる局も多くあります（上積みは勝てる余地の {edge:.0%}）。",
        "Skill shows, but luck still decides many games: the bot takes {edge:.0%} of the room between the fair share and always winning.",
    ),
    "skill_read_none": (
        "この対局数では、ランダムより強いことがデータに表れていません。",
        "At this number of games the data do not show it beating random play.",
    ),
    "download": ("データをダウンロード", "Download the rows"),
    "no_games": ("まだ対局がありません。", "No game yet."),
    "where_local": ("このページのカーネルで実行", "played in this page's kernel"),
    "where_dask": ("Dask クラスタ {addr} で実行", "played on the Dask cluster {addr}"),
    "summary": ("{n:,} 局 · {s:.1f} 秒 · {where}", "{n:,} games · {s:.1f} s · {where}"),
    "compare_b_empty": ("比べるには設定 B を書いてください。", "Write options B to compare."),
}


def lab_word(key: str, lang: str, **values: Any) -> str:
    """The lab page's word ``key`` in ``lang``, with ``values`` filled in."""
    ja, en = WORDS[key]
    return (ja if lang == "ja" else en).format(**values)



def _pct(x: float) -> str:
    return f"{x:.1%}"


def _section(title: str, body: str, cls: str) -> str:
    return f'<section class="rb-lab-section {cls}"><h3>{html.escape(title)}</h3>{body}</section>'


def _table(head: list[str], rows: list[list[str]], cls: str = "") -> str:
    return (
        f'<table class="rb-lab-table {cls}"><thead><tr>' + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr></thead><tbody>"
        + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows) + "</tbody></table>"
    )


def _where(lang: str) -> str:
    address = os.environ.get(DASK_ENV, "")
    return lab_word("where_dask", lang, addr=address) if address else lab_word("where_local", lang)


def results_html(result: RunResult, result_b: RunResult | None, skill: tuple[RunResult, RunResult, str] | None, lang: str, run: int = 0) -> str:
    """Every analysis of a run as one HTML block (plots as inline SVG, downloads as data links)."""
    e = html.escape
    frame = result.frame
    parts: list[str] = []
    if not len(frame):
        return f'<p class="rb-lab-empty">{e(lab_word("no_games", lang))}</p>'
    head = e(lab_word("summary", lang, n=len(frame), s=result.seconds, where=_where(lang)))
    if result.cancelled:
        head += "<br>" + e(lab_word("cancelled", lang, done=len(frame), total=result.asked))
    parts.append(f'<p class="rb-lab-summary" data-games="{len(frame)}" data-run="{run}">{head}</p>')

    if skill is not None:
        vs_random, mirror, kind = skill
        kinds = analysis.kind_win_shares(vs_random.frame).set_index("kind")
        body = ""
        if kind in kinds.index:
            r = kinds.loc[kind]
            share = f"{_pct(r['share'])} ({_pct(r['low'])}–{_pct(r['high'])})"
            body += f"<p>{e(lab_word('skill_vs_random', lang, kind=kind, share=share, fair=_pct(r['fair'])))}</p>"
            edge = (r["share"] - r["fair"]) / (1 - r["fair"]) if r["fair"] < 1 else 0.0
            reading = "skill_read_none" if r["low"] <= r["fair"] else "skill_read_high" if edge >= 0.5 else "skill_read_mid"
            body += f'<p class="rb-lab-sentence">{e(lab_word(reading, lang, edge=edge))}</p>'
            body += plots.win_share_svg(analysis.kind_win_shares(vs_random.frame), lang, label_column="kind")
        first = analysis.win_shares(mirror.frame).iloc[0]
        body += f"<p>{e(lab_word('skill_mirror', lang, share=f'{_pct(first.share)} ({_pct(first.low)}–{_pct(first.high)})', fair=_pct(first.fair)))}</p>"
        parts.append(_section(lab_word("skill_title", lang), body, "rb-lab-skill-result"))

    advantage = analysis.first_seat_advantage(frame)
    sentence = advantage.get("sentence_ja" if lang == "ja" else "sentence_en", "")
    parts.append(_section(lab_word("seat_shares", lang), f'<p class="rb-lab-sentence">{e(sentence)}</p>' + plots.win_share_svg(analysis.win_shares(frame), lang), "rb-lab-seats-result"))
    if len({k for s in frame["seats"] for k in s}) > 1 and skill is None:
        parts.append(_section(lab_word("kind_shares", lang), plots.win_share_svg(analysis.kind_win_shares(frame), lang, label_column="kind"), "rb-lab-kinds-result"))

    if result_b is not None and len(result_b.frame):
        body = ""
        for metric in ("win", "score", "moves"):
            comparison = analysis.compare(frame, result_b.frame, metric)
            body += f'<p class="rb-lab-sentence rb-lab-compare-{metric}">{e(comparison.sentence(lang))}</p>'
        a_opts, b_opts = frame["options"].iloc[0], result_b.frame["options"].iloc[0]
        body = f"<p class=\"rb-lab-options\">A: <code>{e(a_opts)}</code><br>B: <code>{e(b_opts)}</code></p>" + body + plots.compare_svg(frame, result_b.frame, lang)
        parts.append(_section(lab_word("compare", lang), body, "rb-lab-compare"))

    parts.append(_section(lab_word("scores", lang), plots.scores_svg(frame, lang), "rb-lab-scores"))
    parts.append(_section(lab_word("lengths", lang), plots.lengths_svg(frame, lang), "rb-lab-lengths"))
    ends = analysis.end_rules(frame)
    parts.append(_section(lab_word("ends", lang), _table(["rule", "%"], [[f"<code>{e(str(k))}</code>", _pct(v)] for k, v in ends.items()]), "rb-lab-ends"))
    events = analysis.events_table(frame)
    if len(events):
        body = _table([lab_word("event", lang), lab_word("mean", lang), lab_word("games_with", lang)],
                      [[e(r.event), f"{r.mean:.2f}", _pct(r.games_with)] for r in events.itertuples()])
        for name, counts in analysis.event_tokens(frame).items():
            if len(counts):
                body += f"<h4>{e(lab_word('tokens', lang, name=name))}</h4>" + _table(["", "n"], [[e(str(k)), str(int(v))] for k, v in counts.head(12).items()])
        parts.append(_section(lab_word("events", lang), body, "rb-lab-events"))

    csv = base64.b64encode(analysis.to_csv_bytes(frame)).decode("ascii")
    parquet = base64.b64encode(analysis.to_parquet_bytes(frame)).decode("ascii")
    links = (
        f'<a class="rb-lab-csv" download="lab-rows.csv" href="data:text/csv;base64,{csv}">CSV</a> '
        f'<a class="rb-lab-parquet" download="lab-rows.parquet" href="data:application/vnd.apache.parquet;base64,{parquet}">Parquet</a>'
    )
    parts.append(_section(lab_word("download", lang), f'<p class="rb-lab-downloads">{links}</p>', "rb-lab-download"))
    return "".join(parts)
