"""An unexpected error on a page: its short id, its traceback in the server's log, the box a visitor sees.

Every kind of page (a game's, the host's, the catalogue's, the lab's) reports
its failures the same way, so the helpers sit here, below all of them: a page
imports them without importing another page (``[tool.importlinter]`` in
pyproject.toml holds that the parts never import ``widgets.app`` or
``widgets.page``).
"""

from __future__ import annotations

import secrets
import sys
import traceback

import ipywidgets as w


def error_id() -> str:
    """A short id tying what a visitor sees to the traceback in the server log."""
    return secrets.token_hex(4)


def log_error(where: str, ident: str) -> None:
    """The traceback of the exception being handled, to the *server's* log under ``ident``.

    ``sys.__stderr__`` is the kernel process's own stderr, which it inherits
    from ``rulebook serve``; ``sys.stderr`` in a kernel is captured and sent
    to the page, which is how a traceback once reached a visitor.
    """
    stream = sys.__stderr__ or sys.stderr
    print(f"[rulebook] error {ident} in {where}:", file=stream)
    traceback.print_exc(file=stream)
    stream.flush()


def failed_page(ident: str) -> w.HTML:
    """What a visitor sees if a page could not be built: a short message and the error id, never a traceback."""
    box = w.HTML(
        f'<div class="rb-error-box rb-page-failed" data-error-id="{ident}">'
        f"<div>このページを準備できませんでした（エラー番号 {ident}）。再読み込みしてください。テーブルは無事です。</div>"
        f"<div>This page could not be prepared (error {ident}). Please reload; your table is safe.</div></div>"
    )
    box.add_class("rb-page-failed")
    return box
