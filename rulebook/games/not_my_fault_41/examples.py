"""Not My Fault! #41's worked examples: the same kinds as ver.2.0 (``not_my_fault.examples``), played by the #41 engine."""

from __future__ import annotations

from rulebook.games.not_my_fault.examples import make_kinds

from .game import NotMyFault41

KINDS = make_kinds(NotMyFault41())
