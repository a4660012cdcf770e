"""The host page's words, JA and EN (by key: ``host_word("opened", lang, id=...)``)."""

from __future__ import annotations

import importlib
from typing import Any

from ..i18n import t

WORDS: dict[str, tuple[str, str]] = {
    "title": ("ホストのページ", "Host page"),
    "password": ("パスワード", "Password"),
    "enter": ("入る", "Enter"),
    "wrong": ("パスワードが違います。", "Wrong password."),
    "locked": ("失敗が続いたので {s} 秒お待ちください。", "Too many wrong tries: wait {s} seconds."),
    "no_password": (
        "house.toml にホスト用パスワード（host_password）が設定されていないので、このページは使えません。",
        "This page is off: house.toml sets no host password (host_password).",
    ),
    "house_error": (
        "house.toml を使えないため、既定の設定で動いています（ホストのページは使えません）: {error}",
        "The house file cannot be used, so the site runs on its defaults (and this page is off): {error}",
    ),
    "tables": ("お店の開いているテーブル", "The café's open tables"),
    "tables_all": ("開いているテーブル（個人のゲームも）", "Open tables (personal games too)"),
    "no_tables": ("開いているテーブルはありません。", "No open table."),
    "show_all": ("個人のゲームも表示", "Show personal games too"),
    "show_all_hint": (
        "ふだんはこのページで開いたテーブルと、席のリンクが別の端末で開かれたテーブルだけを表示します（ひとり用・ガイド・ボット相手のゲームは除く）。",
        "Listed: tables opened here and tables whose seat link was opened on another device (not solo games, lessons or games against bots).",
    ),
    "personal": ("個人のゲーム", "personal game"),
    "new_table": ("新しいテーブル", "New table"),
    "game": ("ゲーム", "Game"),
    "players": ("人数", "Players"),
    "label": ("テーブル名", "Table name"),
    "label_hint": ("例: 3番テーブル", "e.g. Table 3"),
    "open": ("テーブルを開く", "Open the table"),
    "sheet": ("席のQRシート", "Seat sheet"),
    "close": ("閉じる", "Close"),
    "close_confirm": ("本当に閉じる", "Really close"),
    "closed": ("テーブル {id} を閉じました。", "Table {id} was closed."),
    "opened": ("テーブル {id} を開きました。席のQRシートを印刷して配ってください。", "Table {id} is open: print the seat sheet and hand it out."),
    "print": ("印刷", "Print"),
    "hide_sheet": ("シートを隠す", "Hide the sheet"),
    "scan": ("自分の席の QR コードをスマホで読み取ってください。", "Scan your seat's QR code with your phone."),
    "watch": ("観戦", "Watch"),
    "site": ("サイトの状態", "The site"),
    "kernels": (
        "動いているカーネル {n}{cap} · メモリ {mb:.0f} MB（サーバー {server:.0f} MB を含む）",
        "{n}{cap} live kernels · {mb:.0f} MB of memory (the server's {server:.0f} MB included)",
    ),
    "moves": ("{n} 手", "{n} moves"),
    "ago_s": ("{n} 秒前", "{n} s ago"),
    "ago_min": ("{n} 分前", "{n} min ago"),
    "connected": ("接続中", "connected"),
    "away": ("未接続", "not connected"),
    "bot": ("ボット", "bot"),
    "refresh": ("更新", "Refresh"),
    "no_setup": ("このゲームは開けません（設定が合いません）。", "This game cannot be opened (no set-up fits)."),
    "gone": ("そのテーブルはもうありません。", "That table is gone."),
}


# The table store's size (issue 17, item 5; docs/security.md, "Tables and the store")
WORDS.update(
    {
        "store_size": ("テーブルの保存場所 {mb:.0f} MB / 上限 {cap} MB", "Table store: {mb:.0f} MB of {cap} MB"),
        "store_full": (
            "保存場所がいっぱいです。新しいテーブル（新しいゲーム、読み込み、来店者の新しい画面）は作れません。"
            "終わったテーブルを閉じて古いものが消えるのを待つか、rulebook serve の --keep-days を短く、"
            "または --max-store-mb を大きくして再起動してください。",
            "The table store is full: no new table can be made (no new game, no loaded file, no new visitor's page). "
            "Close finished tables and let old ones be removed, or restart rulebook serve with a shorter --keep-days "
            "or a larger --max-store-mb.",
        ),
    }
)


# Pages per network (issue 30: a café behind one public address; rulebook.site.shared_limits)
WORDS.update(
    {
        "ranges_title": ("ネットワークごとのページ数", "Pages per network"),
        "ranges_hint": (
            "ひとつのアドレスから開けるページは通常 {n} 枚まで（rulebook serve --pages-per-address）、ブラウザごとの上限は別にあります。"
            "お店の Wi-Fi のように多くの端末がひとつのアドレスを共有する範囲には、ここで上限を変えられます。すべてのサーバーに数秒で反映されます。",
            "One address may open {n} pages by default (rulebook serve --pages-per-address); each browser has its own limit too. "
            "For a range whose devices share one address (the café's Wi-Fi), set another limit here: every server applies it within seconds.",
        ),
        "range_name": ("名前", "Name"),
        "range_name_hint": ("例: お店の Wi-Fi", "e.g. Café Wi-Fi"),
        "range_network": ("範囲", "Range"),
        "range_pages": ("ページ数", "Pages"),
        "range_add": ("追加", "Add"),
        "range_remove": ("削除", "Remove"),
        "range_row": ("{name} · {network} → 1 アドレス {pages} ページ", "{name} · {network} → {pages} pages per address"),
        "range_added": ("{name}（{network}）: 1 アドレス {pages} ページにしました。", "{name} ({network}): {pages} pages per address."),
        "range_removed": ("{network} の設定を削除しました。", "The setting of {network} was removed."),
        "no_ranges": ("設定された範囲はありません。", "No range is set."),
    }
)


def table_mode_words(game: str | None, lang: str) -> str:
    """The table-mode switch worded for the game: real dice, real cards, or both (its view says which)."""
    try:
        parts = importlib.import_module(f"widgets.views.{game}").View.chance_parts if game else "dice"
    except (ImportError, AttributeError):
        parts = "dice"
    return t(f"table_mode_{parts}", lang)


def host_word(key: str, lang: str, **values: Any) -> str:
    """The host page's word ``key`` in ``lang``, with ``values`` filled in."""
    ja, en = WORDS[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text
