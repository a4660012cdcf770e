"""The edition's HTML pages, as plain strings: the catalogue and one rules page per game and language.

Pure functions of the gathered content (``content.GameContent``) and the
options, so the static build and the live site's ``/rules/`` pages are the
same bytes. Every text from a file or an option is escaped; the rules'
HTML comes from ``rulebook.core.text`` (the renderer of the rule panel), so a
rules page shows the same sections, boxes and examples as the play page.
Links are relative: the folder works under any path of any static host.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import Any, Sequence
from urllib.parse import urlencode

from rulebook.core.text import quick_html
from rulebook.site.catalogue import ENTRIES, Entry

from .content import GameContent

WORDS: dict[str, tuple[str, str]] = {
    "site": ("ボードゲームのルールブック", "Board game rulebook"),
    "catalogue_title": ("ゲーム一覧", "All games"),
    "catalogue_intro": (
        "各ゲームのルールを日本語と英語で読めます。読むだけならサーバーもアカウントも要りません。",
        "Read each game's rules in Japanese and English. Reading needs no server and no account.",
    ),
    "all_games": ("← ゲーム一覧", "← All games"),
    "contents": ("目次", "Contents"),
    "quick": ("早見表", "Quick reference"),
    "rules": ("ルール", "Rules"),
    "play": ("遊ぶ", "Play"),
    "learn": ("遊び方を学ぶ", "Learn to play"),
    "pdf": ("印刷用 PDF", "PDF for printing"),
    "skip": ("ルール本文へ", "Skip to the rules"),
    "game": ("ゲーム", "Game"),
    "players": ("人数", "Players"),
    "time": ("時間", "Time"),
    "age": ("年齢", "Age"),
    "year": ("年", "Year"),
    "sort": ("並べ替え", "Sort by"),
    "sort_title": ("名前", "Name"),
    "any": ("指定なし", "Any"),
    "within": ("{n} 分以内", "Within {n} min"),
    "players_n": ("{n} 人", "{n} players"),
    "shown": ("{n} 件を表示（全 {total} 件）", "Showing {n} of {total}"),
    "none_shown": ("条件に合うゲームはありません。", "No game matches."),
    "read": ("ルールを読む", "Read the rules"),
    "not_here": ("この版には未収録", "Not in this edition"),
    "credit": ("クレジット", "Credit"),
    "example_tap": (
        "これはルールの例の図です。ここでは動かせません。",
        "This is a picture of a rule's example; it cannot be played here.",
    ),
    "example_tap_play": (
        "これはルールの例の図です。遊ぶときは「遊ぶ」から対局ページを開いてください。",
        "This is a picture of a rule's example. To play, open the game with Play.",
    ),
    "footer": (
        "このページはルールを読むための静的な版です。遊ぶには対局サイトが必要です。",
        "This is the static edition for reading the rules; playing needs the live site.",
    ),
    "lang_name": ("日本語", "English"),
    "time_note": ("時間の記載がないゲームは目安で並べ、絞り込みでは隠しません。", "Games whose source gives no time sort by our estimate and are never hidden by the time filter."),
}

PLAYER_CHOICES = (1, 2, 3, 4, 5, 6)
MINUTE_CHOICES = (15, 30, 45, 60)
SORT_CHOICES = ("title", "players", "time", "age", "year")
OG_LOCALES = {"ja": "ja_JP", "en": "en_US"}


def word(key: str, lang: str, **values: Any) -> str:
    text = WORDS[key][0 if lang == "ja" else 1]
    return text.format(**values) if values else text


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def script_json(value: Any) -> str:
    """JSON safe inside ``<script type="application/json">`` (no ``</script>`` can close it early)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


@dataclass(frozen=True)
class Edition:
    """The choices of one build: languages (the first is the front page's), games, links out."""

    langs: tuple[str, ...]
    games: tuple[str, ...]
    play_url: str = ""
    """The live site ("Play" and "Learn to play" go there); empty: no play buttons."""
    base_url: str = ""
    """Where the edition itself is served; share cards then carry absolute links (crawlers need them)."""
    pdf: bool = False
    cards: frozenset[str] = frozenset()
    """``lang/game`` of every page whose share-card picture was rendered."""


# ----- paths ---------------------------------------------------------------------------------------
def catalogue_path(lang: str) -> str:
    return f"{lang}/index.html"


def game_dir(lang: str, game: str) -> str:
    return f"{lang}/{game}/"


def pdf_name(lang: str, game: str) -> str:
    return f"{game}-{lang}.pdf"


def card_path(lang: str, game: str) -> str:
    return f"{lang}/{game}/card.png"


def play_link(edition: Edition, game: str, lang: str, learn: bool = False) -> str:
    """The live site's page of a game (``learn``: its lesson), or "" when the edition has no live site."""
    if not edition.play_url:
        return ""
    query = {"lang": lang, **({"learn": "1"} if learn else {})}
    return f"{edition.play_url.rstrip('/')}/voila/render/{game}.ipynb?{urlencode(query)}"


# ----- the frame every page shares -------------------------------------------------------------------
def head(lang: str, title: str, description: str, root: str, extra: str = "") -> str:
    return (
        "<!doctype html>\n"
        f'<html lang="{esc(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n"
        f'<meta name="description" content="{esc(description)}">\n'
        '<link rel="icon" href="data:,">\n'  # no icon file: browsers then ask for none (a 404 in every log)
        f'<link rel="stylesheet" href="{root}assets/app.css">\n'
        f'<link rel="stylesheet" href="{root}assets/edition.css">\n'
        f"{extra}</head>\n"
    )


def lang_links(lang: str, langs: Sequence[str], href: Any) -> str:
    """Links to the same page in the edition's other languages (named in their own language)."""
    return " ".join(
        f'<a class="rb-ed-lang" lang="{esc(other)}" hreflang="{esc(other)}" href="{esc(href(other))}">{esc(word("lang_name", other))}</a>'
        for other in langs
        if other != lang
    )


def footer(lang: str) -> str:
    return f'<footer class="rb-ed-footer"><p>{esc(word("footer", lang))}</p></footer>\n'


# ----- the catalogue ---------------------------------------------------------------------------------
def catalogue_rows(contents: dict[str, GameContent]) -> list[tuple[Entry | None, GameContent | None]]:
    """Every game of the catalogue (published or not), then each published game the catalogue lacks."""
    rows: list[tuple[Entry | None, GameContent | None]] = [(e, contents.get(e.slug)) for e in ENTRIES]
    listed = {e.slug for e in ENTRIES}
    rows += [(None, c) for name, c in contents.items() if name not in listed]
    return rows


def _data(entry: Entry | None, content: GameContent | None, lang: str) -> str:
    """The row's figures as data attributes: the page's script sorts and filters by them, as ``catalogue.py`` does."""
    def num(value: int | None) -> str:
        return "" if value is None else str(value)

    title = content.title(lang) if content else entry.title(lang) if entry else ""
    if entry is None:
        attrs = {"title": title, "pmin": "", "pmax": "", "tmax": "", "tsort": "", "age": "", "year": ""}
    else:
        longest = entry.minutes_max if entry.minutes_max is not None else entry.minutes_min
        attrs = {
            "title": title,
            "pmin": num(entry.players_min),
            "pmax": num(entry.players_max) if entry.players_max is not None else "99",
            "tmax": num(longest) if entry.time_published else "",
            "tsort": num(entry.sort_minutes()),
            "age": num(entry.age),
            "year": num(entry.year),
        }
    attrs["published"] = "1" if content else "0"
    return " ".join(f'data-{k}="{esc(v)}"' for k, v in attrs.items())


def catalogue_page(contents: dict[str, GameContent], edition: Edition, lang: str, root: str) -> str:
    """The catalogue in ``lang``: a table every browser shows, sorted and filtered by a small script.

    ``root`` is the path from this page to the edition's root (the front
    page is the first language's catalogue, at the root itself).
    """
    title = f"{word('catalogue_title', lang)} — {word('site', lang)}"
    rows = []
    for entry, content in catalogue_rows(contents):
        name = esc(content.title(lang) if content else entry.title(lang) if entry else "")
        if content is not None:
            link = f'<a class="rb-ed-game-link" href="{root}{game_dir(lang, content.name)}">{name}</a>'
            blurb = content.description(lang)
        else:
            link = f'<span class="rb-ed-game-name">{name}</span> <span class="rb-ed-absent">({esc(word("not_here", lang))})</span>'
            blurb = entry.blurb(lang) if entry else ""
        note = f'<br><span class="rb-ed-note">{esc(entry.note(lang))}</span>' if entry and entry.note(lang) else ""
        play = play_link(edition, content.name, lang) if content is not None else ""
        if play:
            link += f' <a class="rb-ed-row-play" href="{esc(play)}">{esc(word("play", lang))}</a>'
        figures = [
            ("players", entry.players_text(lang) if entry else "—"),
            ("time", entry.minutes_text(lang) if entry else "—"),
            ("age", entry.age_text(lang) if entry else "—"),
            ("year", entry.year if entry and entry.year else "—"),
        ]
        cells = [f'<th scope="row">{link}<br><span class="rb-ed-blurb">{esc(blurb)}</span>{note}</th>'] + [
            # the label is shown before the figure on a phone, where the table becomes cards
            f'<td data-label="{esc(word(key, lang))}">{esc(value)}</td>' for key, value in figures
        ]
        slug = content.name if content else entry.slug if entry else ""
        rows.append(f'<tr class="rb-ed-row" data-slug="{esc(slug)}" {_data(entry, content, lang)}>{"".join(cells)}</tr>')
    options_players = "".join(f'<option value="{n}">{esc(word("players_n", lang, n=n))}</option>' for n in PLAYER_CHOICES)
    options_time = "".join(f'<option value="{n}">{esc(word("within", lang, n=n))}</option>' for n in MINUTE_CHOICES)
    sort_labels = {"title": word("sort_title", lang), "players": word("players", lang), "time": word("time", lang),
                   "age": word("age", lang), "year": word("year", lang)}
    options_sort = "".join(f'<option value="{k}">{esc(sort_labels[k])}</option>' for k in SORT_CHOICES)
    shown = WORDS["shown"][0 if lang == "ja" else 1]
    alternates = "".join(
        f'<link rel="alternate" hreflang="{esc(o)}" href="{root}{catalogue_path(o)}">\n' for o in edition.langs if o != lang
    )
    extra = alternates + f'<script type="module" src="{root}assets/catalogue.js"></script>\n'
    return (
        head(lang, title, word("catalogue_intro", lang), root, extra)
        + "<body>\n"
        + f'<header class="rb-ed-header"><nav class="rb-ed-nav" aria-label="{esc(word("site", lang))}">'
        + lang_links(lang, edition.langs, lambda o: f"{root}{catalogue_path(o)}")
        + "</nav>"
        + f"<h1>{esc(word('catalogue_title', lang))}</h1><p>{esc(word('catalogue_intro', lang))}</p></header>\n"
        + '<main id="games">\n'
        + f'<form class="rb-ed-filters" hidden aria-label="{esc(word("sort", lang))}">'
        + f'<label>{esc(word("players", lang))} <select class="rb-ed-players"><option value="">{esc(word("any", lang))}</option>{options_players}</select></label> '
        + f'<label>{esc(word("time", lang))} <select class="rb-ed-time"><option value="">{esc(word("any", lang))}</option>{options_time}</select></label> '
        + f'<label>{esc(word("sort", lang))} <select class="rb-ed-sort">{options_sort}</select></label>'
        + "</form>\n"
        + f'<p class="rb-ed-count" role="status" data-shown="{esc(shown)}" data-none="{esc(word("none_shown", lang))}"></p>\n'
        + f'<p class="rb-ed-note">{esc(word("time_note", lang))}</p>\n'
        + '<div class="rb-ed-table-wrap"><table class="rb-ed-catalogue">'
        + f'<thead><tr><th scope="col">{esc(word("game", lang))}</th><th scope="col">{esc(word("players", lang))}</th>'
        + f'<th scope="col">{esc(word("time", lang))}</th><th scope="col">{esc(word("age", lang))}</th><th scope="col">{esc(word("year", lang))}</th></tr></thead>\n'
        + "<tbody>\n" + "\n".join(rows) + "\n</tbody></table></div>\n</main>\n"
        + footer(lang)
        + "</body>\n</html>\n"
    )


# ----- a game's rules page ---------------------------------------------------------------------------
def share_meta(content: GameContent, edition: Edition, lang: str, root: str) -> str:
    """Open Graph and Twitter tags: title, description, the board's picture when one was rendered.

    Crawlers want absolute URLs: with ``base_url`` they get them; without,
    the tags carry the picture's path relative to the page.
    """
    title = f"{content.title(lang)} — {word('rules', lang)}"
    description = content.description(lang)
    base = edition.base_url.rstrip("/") + "/" if edition.base_url else ""
    page_url = f"{base}{game_dir(lang, content.name)}" if base else ""
    tags = [
        ("og:type", "article"),
        ("og:site_name", word("site", lang)),
        ("og:title", title),
        ("og:description", description),
        ("og:locale", OG_LOCALES.get(lang, lang)),
    ]
    if page_url:
        tags.append(("og:url", page_url))
    has_card = f"{lang}/{content.name}" in edition.cards
    if has_card:
        image = f"{base}{card_path(lang, content.name)}" if base else "card.png"
        tags += [("og:image", image), ("og:image:alt", f"{content.title(lang)}: {word('rules', lang)}")]
    out = "".join(f'<meta property="{k}" content="{esc(v)}">\n' for k, v in tags)
    twitter = [("twitter:card", "summary_large_image" if has_card else "summary"), ("twitter:title", title),
               ("twitter:description", description)]
    if has_card:
        twitter.append(("twitter:image", f"{base}{card_path(lang, content.name)}" if base else "card.png"))
    out += "".join(f'<meta name="{k}" content="{esc(v)}">\n' for k, v in twitter)
    if page_url:
        out += f'<link rel="canonical" href="{esc(page_url)}">\n'
    return out


def facts(entry: Entry | None, lang: str) -> str:
    if entry is None:
        return ""
    parts = [
        (word("players", lang), entry.players_text(lang)),
        (word("time", lang), entry.minutes_text(lang)),
        (word("age", lang), entry.age_text(lang)),
    ]
    if entry.credit and entry.credit != "—":
        parts.append((word("credit", lang), entry.credit))
    items = "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in parts)
    return f'<dl class="rb-ed-facts">{items}</dl>'


def toc(content: GameContent, lang: str) -> str:
    """Links to the quick reference and to each top-level section (the reader on a phone jumps, not scrolls)."""
    rules = content.rules[lang]
    items = []
    if content.quick.get(lang):
        items.append(f'<li><a href="#quick">{esc(word("quick", lang))}</a></li>')
    if rules.sections:
        top = min(s.level for s in rules.sections)
        items += [
            f'<li><a href="#rule-{esc(s.id)}">{esc(s.title.replace("**", "").replace("`", ""))}</a></li>'
            for s in rules.sections
            if s.level == top
        ]
    # folded: on a phone the rules start right under the title; one tap opens the list
    return (
        f'<nav class="rb-ed-toc" aria-label="{esc(word("contents", lang))}"><details><summary>{esc(word("contents", lang))}'
        f' ({len(items)})</summary><ol>{"".join(items)}</ol></details></nav>'
    )


def rules_page(content: GameContent, edition: Edition, lang: str) -> str:
    """A game's rules in ``lang``: quick reference, every section with its boxes, the examples drawn by its board."""
    root = "../../"
    name = content.name
    title = f"{content.title(lang)} — {word('rules', lang)} | {word('site', lang)}"
    alternates = "".join(
        f'<link rel="alternate" hreflang="{esc(o)}" href="{root}{game_dir(o, name)}">\n' for o in edition.langs if o != lang
    )
    extra = share_meta(content, edition, lang, root) + alternates
    if content.board_esm:
        # the board's files load beside the page's script, not after it: one round trip less on a phone
        extra += (
            f'<script type="module" src="{root}assets/edition.js"></script>\n'
            f'<link rel="modulepreload" href="{root}assets/{esc(name)}/board.js">\n'
            f'<link rel="preload" as="fetch" crossorigin="anonymous" href="{root}assets/{esc(name)}/board.css">\n'
        )
    buttons = []
    play = play_link(edition, name, lang)
    if play:
        buttons.append(f'<a class="rb-ed-button rb-ed-play" href="{esc(play)}">{esc(word("play", lang))}</a>')
        if content.has_lesson:
            learn = play_link(edition, name, lang, learn=True)
            buttons.append(f'<a class="rb-ed-button rb-ed-learn" href="{esc(learn)}">{esc(word("learn", lang))}</a>')
    if edition.pdf:
        buttons.append(f'<a class="rb-ed-button rb-ed-pdf" href="{esc(pdf_name(lang, name))}" download>{esc(word("pdf", lang))}</a>')
    actions = f'<p class="rb-ed-actions">{"".join(buttons)}</p>' if buttons else ""
    quick = content.quick.get(lang, "")
    quick_part = f'<section id="quick" class="rb-ed-quick" aria-label="{esc(word("quick", lang))}">{quick_html(quick, lang)}</section>\n' if quick else ""
    tap = word("example_tap_play" if play else "example_tap", lang)
    board_attrs = ""
    if content.board_esm:
        board_attrs = (
            f' data-board="{root}assets/{esc(name)}/board.js" data-board-css="{root}assets/{esc(name)}/board.css"'
            f' data-example-tap="{esc(tap)}"'
        )
    views = content.examples.get(lang, {}) if content.board_esm else {}
    data = f'<script type="application/json" id="rb-example-views">{script_json(views)}</script>\n' if views else ""
    return (
        head(lang, title, content.description(lang), root, extra)
        + f'<body class="rb-ed-game" data-game="{esc(name)}">\n'
        + f'<a class="rb-ed-skip" href="#rules">{esc(word("skip", lang))}</a>\n'
        + f'<header class="rb-ed-header"><nav class="rb-ed-nav" aria-label="{esc(word("site", lang))}">'
        + f'<a class="rb-ed-back" href="../">{esc(word("all_games", lang))}</a> '
        + lang_links(lang, edition.langs, lambda o: f"{root}{game_dir(o, name)}")
        + "</nav>"
        + f"<h1>{esc(content.title(lang))}</h1>"
        + f'<p class="rb-ed-blurb">{esc(content.description(lang))}</p>'
        + facts(content.entry, lang) + actions
        + "</header>\n"
        + toc(content, lang) + "\n"
        + f'<main id="rules" class="rb-ed-main"{board_attrs}>\n'
        + quick_part
        + f'<div class="rb-ed-rules">{content.rules[lang].html()}</div>\n'
        + "</main>\n"
        + footer(lang)
        + data
        + "</body>\n</html>\n"
    )
