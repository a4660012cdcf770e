"""Save files and loading them: sealed while a game runs (bound to its table and this page's seats),
the plain replay once it is over; a loaded file resumes its table or becomes a new one
(docs/security.md, "Secrets in saved games")."""

from __future__ import annotations

import base64
import html
import json
from typing import Any, Mapping

from rulebook.core import Game, Match
from rulebook.core.errors import BadRecord
from rulebook.core.match import MAX_RECORD_BYTES
from rulebook.tables import limits, links, seal
from rulebook.tables.session import TableSession, reseeded
from rulebook.tables.store import NoSuchTable, is_token_text

from ..i18n import t
from .parts import PageParts, hide as _hide


class SavingPart(PageParts):
    """Save and load."""

    def _on_upload(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A file chosen in the page: its text, or only its size when the page refused to send it."""
        if not isinstance(content, dict):
            return
        if content.get("too_big") is not None or not isinstance(content.get("text"), str):
            raise BadRecord("record", t("load_too_big", "ja"), t("load_too_big", "en"))
        self.load_json(content["text"])

    def load_json(self, content: bytes | str) -> None:
        """Resume a saved game; a bad or refused file raises ``BadRecord`` and keeps the current game.

        A sealed file (this site's, see ``rulebook.tables.seal``) made while
        a game ran is bound to its table and to the seats of the page that
        saved it (docs/security.md, "Secrets in saved games"): if that table
        is still in this site's store, loading it opens THAT table at those
        seats only, exactly as the seats' link would (the seats' other
        devices are told). If the table is gone, a game with hidden
        information is refused (a copy would show cards the saver never
        saw), and any other game becomes a new table with the moves so far
        and a new secret seed for everything not yet rolled.

        A plain record is a replay or a game whose seed its owner knows: it
        is replayed and its dice checked against the seed; an unfinished
        table-mode record is refused, since nothing shows a person typed its
        dice, and so is one whose moves claim to come from another seed.
        """
        size = len(content.encode("utf-8") if isinstance(content, str) else content)
        if size > MAX_RECORD_BYTES:
            raise BadRecord("record", t("load_too_big", "ja"), t("load_too_big", "en"))
        try:
            data = json.loads(content)
        except (ValueError, RecursionError):
            raise BadRecord("record", "JSON として読めません。", "The file is not valid JSON.") from None
        sealed = seal.is_sealed(data)
        if sealed:
            data = seal.unseal(data, seal.site_key(self.store))

        def this_game(name: str) -> Game:
            if name != self.game.name:
                raise BadRecord("record", t("load_other_game", "ja", game=name), t("load_other_game", "en", game=name))
            return self.game

        meta = data.get("meta") if isinstance(data, dict) else None
        meta = meta if isinstance(meta, dict) else {}
        if sealed:
            this_game(str(data.get("game")))
            if self._resume_saved_table(meta):
                return
        match = Match.from_record(data, this_game, seconds=limits.REPLAY_SECONDS)
        if not sealed and (match.table or match.entered) and not match.is_over():
            raise BadRecord("record", t("load_plain_table", "ja"), t("load_plain_table", "en"))
        if not sealed and match.recorded and not match.is_over():
            raise BadRecord("record", t("load_plain_recorded", "ja"), t("load_plain_recorded", "en"))
        chosen = not sealed
        if sealed and not match.is_over():
            if self.game.hidden_information:
                raise BadRecord("record", t("load_table_gone", "ja"), t("load_table_gone", "en"))
            match = reseeded(match)
        limits.check_new_table(self.store, self.table_rate)
        self._use(TableSession.from_match(self.store, match, seed_chosen=chosen))
        self.message = (t("loaded", "ja", moves=len(match.actions)), t("loaded", "en", moves=len(match.actions)))
        self._advance()
        self.view.set_options(match.options)
        self._sync_newgame_panel()
        self.refresh()

    def _resume_saved_table(self, meta: Mapping[str, Any]) -> bool:
        """Open the table a sealed save is bound to, at the saver's seats; False if it cannot be.

        False when the file names no table or no seat (a spectator's save, or
        one made before saves were bound), when the table is not in this
        site's store (purged, or another site's), or when none of the file's
        seats opens a seat there any more.
        """
        table_id, keys = meta.get("table_id"), meta.get("keys")
        if not is_token_text(table_id) or not isinstance(keys, list):
            return False
        tokens = [k for k in keys[: links.MAX_KEYS] if is_token_text(k)]
        if not tokens:
            return False
        try:
            if self.store.info(table_id).game != self.game.name:
                return False
            session, _unknown = TableSession.open(self.store, table_id, tokens, claim=True)
        except NoSuchTable:
            return False
        if session.is_spectator():
            return False
        self._use(session)
        names = ", ".join(str(seat + 1) for seat in sorted(session.seats_here)) or "-"
        self.message = (t("resumed_table", "ja", seats=names), t("resumed_table", "en", seats=names))
        self._advance()
        self.view.set_options(self.match.options)
        self._sync_newgame_panel()
        self.refresh()
        return True

    def save_record(self) -> tuple[str, str]:
        """(file name, JSON text) of the save file: sealed while the game runs, the plain replay once over.

        The sealed file of a running game carries this page's own keys (its
        seats', and the owner's if it has it), so loading it is this page's
        link and nothing more (``load_json``). A spectator of a game with
        hidden information gets none: ``BadRecord`` says why.
        """
        session = self.session
        record = session.record()
        record["meta"]["seed_chosen"] = session.info.seed_chosen
        moves = len(self.match.actions)
        if self.game_finished():
            return f"{self.game.name}-{session.table_id}-replay.json", json.dumps(record, ensure_ascii=False, indent=1)
        if not self.may_save():
            raise BadRecord("record", t("save_spectator", "ja"), t("save_spectator", "en"))
        record["meta"]["keys"] = session.page_keys()
        sealed = seal.seal(record, seal.site_key(self.store))
        return f"{self.game.name}-{session.table_id}-{moves}.json", json.dumps(sealed)

    def may_save(self) -> bool:
        """A save file can be offered now: not to a spectator while a game with secrets runs.

        A spectator's sealed file could not resume any seat, and a copy of a
        hidden-information game would deal from what the table hid; so
        spectators wait for the end and get the replay. (Spectators of games
        without secrets may save: a copy gets a new seed, see ``load_json``.)
        """
        return self.game_finished() or not (self.game.hidden_information and self.session.is_spectator())

    def game_finished(self) -> bool:
        """Over, or closed by a host: from then on the seed and the full record are no secret."""
        return self.match.is_over() or not self.session.is_open

    def prepare_save(self) -> None:
        """The save file is built on request, not kept in the page's markup."""
        self.save_ready = True
        self._draw_save()

    def _draw_save(self) -> None:
        """The save link: built on request in games with secrets (or while seats are on other devices)."""
        on_request = self.game.hidden_information or not self.game_finished()
        ready = (self.save_ready or not on_request) and self.may_save()
        _hide(self.save_button, ready)
        self.save_button.description = t("save_prepare", self.lang)
        self.save_button.disabled = not self.may_save()
        self.save_button.tooltip = "" if self.may_save() else t("save_spectator", self.lang)
        if not self.may_save():
            self.save_button.description = t("save_spectator_short", self.lang)
        if not ready:
            self.save_link.value = ""
            _hide(self.save_link, True)
            return
        _hide(self.save_link, False)
        name, text = self.save_record()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = t("save_replay" if self.game_finished() else "save", self.lang)
        self.save_link.value = (
            f'<a class="rb-save-link" download="{html.escape(name)}" href="data:application/json;base64,{data}">{label}</a>'
        )
