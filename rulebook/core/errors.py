"""Typed errors that carry *why*, in both languages.

Every error a player can cause names the paragraph of the rules it breaks
(``rule_id``) so the page can scroll to it and highlight it, and carries the
message in Japanese and English so the page never has to translate.
They subclass ``ValueError`` because they are all "this value is not
acceptable" errors and callers that only know Python's built-ins still catch
them.
"""

from __future__ import annotations


class RulebookError(ValueError):
    """A refused value with a rule/section id and a JA + EN explanation."""

    def __init__(self, rule_id: str, message_ja: str, message_en: str) -> None:
        super().__init__(f"[{rule_id}] {message_en}")
        self.rule_id = rule_id
        self.message_ja = message_ja
        self.message_en = message_en

    def message(self, lang: str) -> str:
        """The message in ``lang`` ("ja" or "en"); anything else reads English."""
        return self.message_ja if lang == "ja" else self.message_en

    def __reduce__(self) -> tuple[type[RulebookError], tuple[str, str, str]]:  # keep pickling/copying working with three arguments
        return (type(self), (self.rule_id, self.message_ja, self.message_en))


class IllegalAction(RulebookError):
    """An action the rules forbid in this state. The state is left unchanged."""


class UnreadableAction(RulebookError):
    """Text that reads as no action of the game at all (a typo, a wrong format).

    Kept apart from ``IllegalAction`` because the two ask different things of
    the person: "write it another way" versus "the rules forbid that move
    now". A page shows the examples of the format for the first and the rule
    paragraph for the second.
    """


class BadRecord(RulebookError):
    """A saved game (JSON) that is malformed, from another game, or tampered."""


class BadOption(RulebookError):
    """Game options that the rules do not allow (e.g. 5 seats in a 1–4 game)."""
