"""Sealed save files: a game in progress that only this site can read back.

While a game runs, its full record (seed, every deal) must not reach a
player's device: it would show every hidden card and every future roll, and
an edited copy could choose the dice (the issue's "meta.table=true" trick).
So Save gives a *sealed* file: the record encrypted and authenticated with
the site's key (Fernet: AES-128-CBC + HMAC-SHA256, from ``cryptography``).
The player can keep it, move it to a site that shares the key, or attach it
to a bug report; nobody can read or alter it. Once the game is over the
plain record (seed included) is offered instead, as the replay.

The key comes from ``$RULEBOOK_SITE_KEY`` (a Fernet key: 32 bytes, URL-safe
base64) when set — several sites sharing one key can read each other's
files — or else is made once and kept in the table store's settings, so
every process of the site (and every ``rulebook serve`` on one PostgreSQL)
uses the same one.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Mapping

from rulebook.core.errors import BadRecord

from .store import TableStore

if TYPE_CHECKING:  # for the annotation only: the import itself stays late, in _fernet
    from cryptography.fernet import Fernet

SEALED_FORMAT = "rulebook-sealed"
SEALED_VERSION = 1
ENV_KEY = "RULEBOOK_SITE_KEY"
SETTING_KEY = "seal_key"


def _fernet(key: str) -> Fernet:
    """Imported late: cryptography costs memory in every page, and only saving or loading a file needs it."""
    from cryptography.fernet import Fernet

    return Fernet(key.encode("ascii"))


def new_key() -> str:
    from cryptography.fernet import Fernet

    return Fernet.generate_key().decode("ascii")


def site_key(store: TableStore) -> str:
    """The site's sealing key: ``$RULEBOOK_SITE_KEY``, or the one kept in the store (made once)."""
    configured = os.environ.get(ENV_KEY, "").strip()
    if configured:
        _fernet(configured)  # a malformed key fails here, loudly, not at the first save
        return configured
    return store.setting(SETTING_KEY, new_key)


def is_sealed(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == SEALED_FORMAT


def seal(record: Mapping[str, Any], key: str) -> dict[str, Any]:
    """The sealed file's JSON: what anyone may read outside (game, moves), and the sealed record."""
    token = _fernet(key).encrypt(json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    return {
        "format": SEALED_FORMAT,
        "version": SEALED_VERSION,
        "game": record.get("game"),
        "moves": len(record.get("actions", ())),
        "sealed": token.decode("ascii"),
    }


def unseal(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    """The record inside a sealed file; ``BadRecord`` if it was altered or sealed by another site."""
    from cryptography.fernet import InvalidToken

    token = data.get("sealed")
    if data.get("version") != SEALED_VERSION or not isinstance(token, str):
        raise BadRecord(
            "record",
            "封をした保存ファイルの形式が違います。",
            "This sealed save file has the wrong format.",
        )
    try:
        plain = _fernet(key).decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeEncodeError, ValueError):
        raise BadRecord(
            "record",
            "この保存ファイルは開けません。別のサイトで作られたか、書き換えられています。",
            "This save file cannot be opened: it was made by another site, or it was altered.",
        ) from None
    record = json.loads(plain.decode("utf-8"))
    if not isinstance(record, dict):
        raise BadRecord("record", "保存データの形式が違います。", "A saved game must be a JSON object.")
    return record
