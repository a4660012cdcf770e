"""Words of the shared interface in both languages (game words live in the views)."""

from __future__ import annotations

from typing import Mapping

LANGS = ("ja", "en")

Notice = tuple[str, str]
"""A line a page shows above itself, in Japanese and English (a setting it could not use, and why)."""

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
    "table_mode_dice": ("卓上モード（実物のダイスの目を入力）", "Table mode (enter real dice)"),
    "table_mode_cards": ("卓上モード（実物のカードを入力）", "Table mode (enter real cards)"),
    "table_mode_dice_cards": ("卓上モード（実物のダイスとカードを入力）", "Table mode (enter real dice and cards)"),
    "seat": ("席", "Seat"),
    "human": ("人", "Human"),
    "save": ("保存（封付き JSON）", "Save (sealed JSON)"),
    "load": ("保存データを読み込む", "Load a saved game"),
    "log": ("記録", "Log"),
    "rules": ("ルール", "Rules"),
    "rules_page": ("別ページで読む", "Open as a page"),
    "rules_close": ("盤面に戻る", "Back to the board"),
    "example_tap": ("これはルールの例の図です。遊ぶときは盤面をタップしてください。", "This is a picture of a rule's example. To play, tap the board."),
    "roll": ("ダイスをふる", "Roll the dice"),
    "lang_switch": ("English", "日本語"),
    # names of dice on a board, said by a screen reader (the picture itself says nothing)
    "die_shows": ("ダイス {die}: {pips}", "die {die}: {pips}"),
    "die_unrolled": ("ダイス {die}: まだ振っていません", "die {die}: not rolled yet"),
    "tap_step_die": ("ダイス {die} の目を 1 つ進める（いまは {pips}）", "step the pips of die {die} (now {pips})"),
    "tap_enter_die": ("ダイス {die} の目を入れる", "enter the pips of die {die}"),
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
    "host_closed": ("お店の人がこのテーブルを閉じました", "The host closed this table"),
    "closed_standing": (
        "ここで終了です（{moves} 手まで）。盤面は閉じたときのままです。",
        "The game stops here (after {moves} moves); the board shows it as it stood.",
    ),
    "closed_next": ("次は:", "Where next:"),
    "closed_home": ("ゲーム一覧へ", "back to the games"),
    "closed_again": ("この端末で{game}を新しく始める", "start a new {game} on this device"),
    "seats_links": ("席とリンク", "Seats & links"),
    "staff_notes": ("お店から:", "From the staff:"),
    "learn": ("遊び方を覚える", "Learn to play"),
    "lesson_tag": ("遊び方ガイド", "lesson"),
    "lesson_progress": ("{step} / {steps}", "step {step} of {steps}"),
    "lesson_back": ("戻る", "Back"),
    "lesson_next": ("次へ", "Next"),
    "lesson_more": ("続きを読む", "More"),
    "lesson_less": ("たたむ", "Less"),
    "lesson_skip": ("この手を代わりに指す", "Do it for me"),
    "lesson_exit": ("ガイドを終える", "Leave the lesson"),
    "lesson_play_on": ("この続きを遊ぶ", "Play on from here"),
    "lesson_new_game": ("新しいゲームを始める", "Start a new game"),
    "lesson_no_back": ("最初のステップです。", "This is the first step."),
    "lesson_done_dice": (
        "ガイドはここまでです。この局面から続けて遊ぶ（ここからはダイスを画面がふります）か、ふつうの設定で新しいゲームを始めましょう。",
        "That is the end of the lesson. Play on from this position (from now on the screen rolls the dice), or start a new game with the usual set-up.",
    ),
    "lesson_done_cards": (
        "ガイドはここまでです。この局面から続けて遊ぶ（ここからはカードを画面が配ります）か、ふつうの設定で新しいゲームを始めましょう。",
        "That is the end of the lesson. Play on from this position (from now on the screen shuffles and deals), or start a new game with the usual set-up.",
    ),
    "lesson_done_dice_cards": (
        "ガイドはここまでです。この局面から続けて遊ぶ（ここからはダイスもカードも画面が受け持ちます）か、ふつうの設定で新しいゲームを始めましょう。",
        "That is the end of the lesson. Play on from this position (from now on the screen rolls and deals), or start a new game with the usual set-up.",
    ),
    "lesson_asks": ("このステップでは次をしてください: {what}", "This step asks you to do this: {what}"),
    "lesson_read_first": ("読み終えたら「次へ」を押してください。", "Read this step, then press Next."),
    "lesson_do_first": (
        "このステップでは盤で手を指します（「この手を代わりに指す」でも進めます）。",
        "This step asks for a move on the board (or press \"Do it for me\").",
    ),
    "lesson_use_back": ("ガイド中は「戻る」を使ってください。", "In the lesson, use Back."),
}

# Saves and shared tables (docs/security.md, "Secrets in saved games", "Seats and shared tables")
WORDS.update(
    {
        "save_spectator": (
            "観戦中の画面では、隠れた情報のあるゲームの途中経過は保存できません（終わったあとにリプレイを保存できます）。",
            "A watching page cannot save a game with hidden cards while it runs (the replay can be saved once it ends).",
        ),
        "save_spectator_short": ("観戦中は保存できません", "Watching: no save until the end"),
        "load_table_gone": (
            "この保存ファイルのテーブルはもうこのサイトにありません。隠れた情報のあるゲームは、そのテーブル以外では再開できません。",
            "This save file's table is no longer on this site; a game with hidden cards can only be resumed at its own table.",
        ),
        "load_plain_recorded": (
            "この記録は別のシード値から写された途中経過です。封付きの保存ファイルからしか再開できません。",
            "This record is a game in progress copied under another seed; only a sealed save file can resume it.",
        ),
        "unstored": (
            "このゲームはこの画面の中だけにあります（保存されず、ほかの端末からは参加できません）。",
            "This game lives in this page only: it is not stored, and no other device can join it.",
        ),
        "watching_seat": (
            "席 {seats} を観戦中（この画面では指せません。席のリンクを開き直すと遊べます）",
            "watching seat {seats} (no moves from this page; open the seat's link to play)",
        ),
        "seat_watched": (
            "席 {seats} が別の端末でも開かれ、観戦されています。心当たりがなければお店の人に伝えてください。",
            "Seat {seats} was also opened on another device, to watch it. If that was not you, tell the staff.",
        ),
        "resumed_table": (
            "保存ファイルのテーブルに戻りました（席 {seats}）。",
            "Back at the save file's table (seat {seats}).",
        ),
    }
)


def t(key: str, lang: str, **values: object) -> str:
    """The word ``key`` in ``lang`` (``ja`` or ``en``), formatted with ``values``."""
    ja, en = WORDS[key]
    text = ja if lang == "ja" else en
    return text.format(**values) if values else text


def tap_step_die(die: int, pips: int, lang: str) -> str:
    """The name of a die tapped to step its pips in table mode (``die`` counted from 1; ``pips`` 0: not entered yet)."""
    return t("tap_step_die", lang, die=die, pips=pips) if pips else t("tap_enter_die", lang, die=die)


def both(ja: str, en: str, lang: str) -> str:
    return ja if lang == "ja" else en


def page_lang(params: Mapping[str, str], notices: list[Notice], default: str = "ja") -> str:
    """``?lang=`` if it is one of ours; else ``default`` (the house's language)."""
    default = default if default in LANGS else "ja"
    if "lang" not in params:
        return default
    lang = params["lang"].strip().lower()
    if lang not in LANGS:
        shown = "日本語" if default == "ja" else "英語"
        notices.append(
            (
                f"?lang={lang[:20]} は使えません（ja か en）。{shown}で表示します。",
                f"?lang={lang[:20]} is not available (ja or en); showing {'Japanese' if default == 'ja' else 'English'}.",
            )
        )
        return default
    return lang
