"""Errors on a game page: every callback runs inside ``guarded``; a refused move shows its rule.

A ``RulebookError`` is shown in the error box with the rule's id and title, and the rule panel points at
the paragraph; any other error is logged on the server under a short id (``widgets.failure.log_error``) and the
page shows only that id, never a traceback.
"""

from __future__ import annotations

import html
from typing import Any, Callable

from rulebook.core import RulebookError
from rulebook.core.text import quick_html

from ..failure import error_id, log_error
from ..i18n import t
from .parts import PageParts, hide as _hide


class ErrorsPart(PageParts):
    """``guarded`` callbacks, and the error box (a refused move's rule, an internal error's id, a message)."""

    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a widget callback: rule errors are shown, nothing else escapes."""

        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except RulebookError as error:
                self.show_error(error)
            except Exception:  # the front end would swallow it: log it and say so on the page
                ident = error_id()
                log_error(f"a {self.game.name} page", ident)
                self.error, self.error_internal = None, ident
                self._draw_error()
            return None

        return run

    def show_error(self, error: RulebookError) -> None:
        """Show why a move was refused and point the rule panel at the paragraph."""
        self.error, self.error_internal, self.message = error, None, None
        self._draw_error()
        rule_ids = self.rules[self.lang].ids
        if error.rule_id in rule_ids:
            self.rule_panel.highlight = error.rule_id
            self.rule_panel.html = self.rules_html(error.rule_id)
            self.rule_panel.focus += 1

    def rules_html(self, highlight: str | None) -> str:
        """The rule panel's HTML: the quick reference, then the whole rules with ``highlight`` marked."""
        lang = self.lang
        return quick_html(self.quick.get(lang, ""), lang) + self.rules[lang].html(highlight)

    def _draw_error(self) -> None:
        lang = self.lang
        if self.error_internal:
            self.error_box.value = (
                f'<div class="rb-error-box" data-error-id="{self.error_internal}"><div class="rb-error-text">'
                f"{html.escape(t('internal_error', lang, ident=self.error_internal))}</div></div>"
            )
        elif self.error is not None:
            error = self.error
            rule_ids = self.rules[lang].ids
            title = ""
            if error.rule_id in rule_ids:
                title = f" — {html.escape(self.rules[lang].section(error.rule_id).title)}"
            self.error_box.value = (
                f'<div class="rb-error-box" data-rule="{html.escape(error.rule_id)}">'
                f'<div class="rb-error-rule">{t("error_rule", lang)} <code>{html.escape(error.rule_id)}</code>{title}</div>'
                f'<div class="rb-error-text">{html.escape(error.message(lang))}</div></div>'
            )
        elif self.message is not None:
            text = self.message[0] if lang == "ja" else self.message[1]
            self.error_box.value = f'<div class="rb-notice-box rb-message">{html.escape(text)}</div>'
        else:
            self.error_box.value = ""
        _hide(self.error_box, not self.error_box.value)
