"""Words of the shared interface in both languages (game words live in the views)."""

from __future__ import annotations

LANGS = ("ja", "en")

WORDS: dict[str, tuple[str, str]] = {
    "undo": ("元に戻す", "Undo"),
    "redo": ("やり直す", "Redo"),
    "hint": ("ヒント", "Hint"),
    "hint_off": ("ヒントを隠す", "Hide hint"),
    "new_game": ("新しいゲーム", "New game"),
    "start": ("この設定で始める", "Start"),
    "seed": ("シード値", "Seed"),
    "seed_placeholder": ("空欄ならおまかせ", "blank = random"),
    "table_mode": ("卓上モード（実物のダイスの目を入力）", "Table mode (enter real dice)"),
    "seat": ("席", "Seat"),
    "human": ("人", "Human"),
    "save": ("保存（封付き JSON）", "Save (sealed JSON)"),
    "load": ("保存データを読み込む", "Load a saved game"),
    "log": ("記録", "Log"),
    "rules": ("ルール", "Rules"),
    "roll": ("ダイスをふる", "Roll the dice"),
    "lang_switch": ("English", "日本語"),
    "error_rule": ("ルール", "Rule"),
    "internal_error": (
        "画面の処理で問題が起きました（エラー番号 {ident}）。テーブルは無事です。ページを再読み込みすると続けられます。",
        "Something went wrong in the page (error {ident}). Your table is safe: reload the page to go on.",
    ),
    "loaded": ("保存データを読み込みました（{moves} 手）。", "Loaded the saved game ({moves} moves)."),
    "load_too_big": ("ファイルが大きすぎます。", "The file is too large."),
    "load_other_game": (
        "このファイルは別のゲーム（{game}）のものです。",
        "This file is a saved game of another game ({game}).",
    ),
    "game_over": ("ゲーム終了", "Game over"),
    "winner": ("勝者", "Winner"),
    "nothing_to_undo": ("戻せる手はありません。", "Nothing to undo."),
    "nothing_to_redo": ("やり直せる手はありません。", "Nothing to redo."),
    "table_on": ("卓上モード", "table mode"),
    "pass_to": ("{name} に渡してください", "Pass the tablet to {name}"),
    "pass_hint": (
        "手札が見えないように、次の人が受け取ってから押してください。",
        "So nobody sees another hand: the next player taps once they hold it.",
    ),
    "reveal": ("{name} です — 表示する", "I am {name} — show me"),
    "save_prepare": ("保存ファイルを作る", "Prepare a save file"),
    "save_replay": ("記録をダウンロード（リプレイ用 JSON）", "Download the record (replay JSON)"),
    "seed_was": ("このゲームのシードは {seed} でした。", "This game's seed was {seed}."),
    "seed_chosen": (
        "このテーブルのシード値は作成した人が指定しました。その人にはダイスや配られるカードが前もってわかります。",
        "This table's seed was chosen by whoever created it: they can work out the dice and the deals in advance.",
    ),
    "no_table": (
        "リンクのテーブルは見つかりません（保存期間を過ぎたか、リンクが違います）。新しいゲームを始めました。",
        "The table of this link was not found (it was removed after its retention period, or the link is wrong). A new game was started.",
    ),
    "table_other_game": (
        "リンクのテーブルは別のゲームのものです。新しいゲームを始めました。",
        "The table of this link is another game's. A new game was started.",
    ),
    "bad_seat_link": (
        "この席のリンクはこのテーブルのものではありません。観戦者として表示しています。",
        "This seat link is not valid for this table: showing what spectators see.",
    ),
    "next_game": ("このテーブルで次のゲームが始まりました。", "The next game started at this table."),
    "undo_not_yours": (
        "戻せるのは自分の最後の操作だけです。ほかの人が手を進めたので戻せません。",
        "You may take back only your own last move; another player has moved since.",
    ),
    "undo_revealed": (
        "その後にダイスや隠れていたカードが明らかになったので、戻せません。",
        "Dice or hidden cards have come to light since, so it cannot be taken back.",
    ),
    "load_plain_table": (
        "卓上モードの途中の記録は、このサイトが作った封付きの保存ファイルからしか再開できません。",
        "A table-mode game in progress can only be resumed from the sealed save file this site made.",
    ),
    "seat_moved": ("席 {seats} は別の端末で遊ばれるようになりました。", "Seat {seats} is now played on another device."),
    "watching": ("観戦中", "watching"),
    "this_page_plays": ("この画面: {seats}", "this page plays {seats}"),
    "table_closed": ("閉じたテーブル", "table closed"),
    "seats_links": ("席とリンク", "Seats & links"),
    "staff_notes": ("お店から:", "From the staff:"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The word ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``values``."""
    ja, en = WORDS[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text


def both(ja: str, en: str, lang: str) -> str:
    return ja if lang == "ja" else en
