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
    "save": ("保存（JSON）", "Save (JSON)"),
    "load": ("保存データを読み込む", "Load a saved game"),
    "log": ("記録", "Log"),
    "rules": ("ルール", "Rules"),
    "roll": ("ダイスをふる", "Roll the dice"),
    "lang_switch": ("English", "日本語"),
    "error_rule": ("ルール", "Rule"),
    "internal_error": (
        "画面の処理で問題が起きました。ゲームの状態は変わっていません。",
        "Something went wrong in the page. The game was not changed.",
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
    "seed_is": ("シード {seed}", "seed {seed}"),
    "table_on": ("卓上モード", "table mode"),
    "pass_to": ("{name} に渡してください", "Pass the tablet to {name}"),
    "pass_hint": (
        "手札が見えないように、次の人が受け取ってから押してください。",
        "So nobody sees another hand: the next player taps once they hold it.",
    ),
    "reveal": ("{name} です — 表示する", "I am {name} — show me"),
    "save_prepare": ("保存ファイルを作る", "Prepare a save file"),
}


def t(key: str, lang: str, **values: object) -> str:
    """The word ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``values``."""
    ja, en = WORDS[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text


def both(ja: str, en: str, lang: str) -> str:
    return ja if lang == "ja" else en
