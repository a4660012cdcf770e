"""Each action's text form, declared once: the printer (``str``) and the parser both come from it.

An action travels as text: in saved games, replays, lesson files, URLs and
the table store (``"play 2 7 up"``). Writing that text twice per action (a
``__str__`` and a regex beside it) let the two drift apart, and every game
copied the same parse loop. Here an action dataclass declares its form once::

    @text_form("place {die} on {onto}")
    @dataclass(frozen=True)
    class Place:
        die: int
        onto: int

and a game reads text with one parser made from its action classes::

    parse = text_parser(Roll, Place, Pass, examples=EXAMPLES)

A form is literal words with ``{field}`` placeholders; ``[ ... ]`` marks an
optional tail, written only when its fields differ from their defaults and
read as those defaults when absent (``"bring {treasure}[ lift {lift}]"``). A
field is written and read by a ``Kind``: ``INT`` (the default for an ``int``
field) and the kinds below; a field of any other type must name its kind.

The parser forgives case and spacing (as players type), and refuses
anything else with the game's examples (``unknown_action``, rule
``actions``): text that is no action is not a move the rules forbid.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import MISSING, dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from .game import unknown_action

T = TypeVar("T", bound=type)
_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class NotThisForm(ValueError):
    """A field's text matched its pattern but is no value of its kind (a number out of range...)."""


@dataclass(frozen=True)
class Kind:
    """How one field is written and read: a regex (no capture groups), ``read`` (text -> value) and ``write``.

    ``read`` raises ``NotThisForm`` (or ``ValueError``/``LookupError``) for text
    its pattern lets through yet is no value: the text then reads as no action
    of this form.
    """

    pattern: str
    read: Callable[[str], Any]
    write: Callable[[Any], str] = str


def integer(digits: int = 3, low: int | None = None, high: int | None = None, offset: int = 0) -> Kind:
    """A whole number of at most ``digits`` digits, within ``[low, high]`` (checked on the value).

    ``offset`` is added when written: places counted from 1 on the page and
    stored from 0 (``offset=1``).
    """

    def read(text: str) -> int:
        value = int(text) - offset
        if (low is not None and value < low) or (high is not None and value > high):
            raise NotThisForm(text)
        return value

    return Kind(rf"\d{{1,{digits}}}", read, (lambda value: str(value + offset)) if offset else str)


INT = integer()
"""The usual number field (0-999): the default kind of an ``int`` field."""


def choice(words: Mapping[str, Any]) -> Kind:
    """One of fixed words, each standing for a value (colours, card names, ``up``/``down``).

    A value with no word is written as ``str(value)`` (it reads back as no
    action): an error message quoting a forged action must still print.
    """
    table = dict(words)
    back = {_key(value): word for word, value in table.items()}
    alternatives = "|".join(re.escape(w) for w in sorted(table, key=lambda w: (-len(w), w)))
    return Kind(f"(?:{alternatives})", table.__getitem__, lambda value: back.get(_key(value), str(value)))


def _key(value: Any) -> tuple[type, Any]:
    """A dictionary key that keeps ``True`` and ``1`` apart (they hash alike)."""
    return (type(value), value)


def word(chars: str = "a-z", longest: int = 20) -> Kind:
    """A free word of the characters ``chars`` (a regex class body), at most ``longest`` long."""
    return Kind(f"[{chars}]{{1,{longest}}}", str)


def integers(sep: str = ",", digits: int = 3, least: int = 1, most: int | None = None, empty: str | None = None) -> Kind:
    """A tuple of numbers joined by ``sep`` (``least``..``most`` of them); ``empty`` is the word for none."""
    number = rf"\d{{1,{digits}}}"
    more = "*" if most is None else f"{{0,{most - 1}}}"
    pattern = f"{number}(?:{re.escape(sep)}{number}){more}"
    if least == 0 and empty is None:
        raise ValueError("an empty list needs a word of its own (empty=...)")
    if empty is not None:
        pattern = f"(?:{re.escape(empty)}|{pattern})"

    def read(text: str) -> tuple[int, ...]:
        if empty is not None and text == empty:
            if least > 0:
                raise NotThisForm(text)
            return ()
        return tuple(int(x) for x in text.split(sep))

    def write(values: Sequence[int]) -> str:
        return sep.join(str(v) for v in values) if values or empty is None else empty

    return Kind(pattern, read, write)


def pair(digits: int = 1) -> Kind:
    """Two numbers written ``a,b`` (a slot on a board)."""
    number = rf"\d{{1,{digits}}}"
    return Kind(f"{number},{number}", lambda text: tuple(int(x) for x in text.split(",")), lambda v: f"{v[0]},{v[1]}")


# ----- one action class's form -----------------------------------------------------------------------------
@dataclass(frozen=True)
class _Piece:
    """A piece of a form: literal text, or a field; ``optional``: inside the ``[...]`` tail."""

    text: str
    field: str | None
    optional: bool


@dataclass(frozen=True)
class TextForm:
    """The compiled form of one action class: writes its values, reads its text."""

    cls: type
    form: str
    pieces: tuple[_Piece, ...]
    kinds: Mapping[str, Kind]
    regex: re.Pattern[str]
    defaults: Mapping[str, Any]
    head: str
    """The literal first word every text of this form starts with ("" if none is fixed): the parser
    skips the other forms without running their regexes (a record replays thousands of moves)."""
    writer: Callable[[Any], str]
    """``write``, made once from the pieces (a ``str.format`` per form: records print every move)."""

    def write(self, action: Any) -> str:
        """The action's text (its ``__str__``)."""
        return self.writer(action)

    def read(self, cleaned: str) -> Any | None:
        """The action ``cleaned`` (already normalised) writes, or ``None`` if it is none of this form."""
        match = self.regex.fullmatch(cleaned)
        if match is None:
            return None
        values = {}
        for name, text in match.groupdict().items():
            if text is None:
                values[name] = self.defaults[name]
                continue
            try:
                values[name] = self.kinds[name].read(text)
            except (ValueError, LookupError):
                return None
        return self.cls(**values)


def _compile(cls: type, form: str, kinds: Mapping[str, Kind]) -> TextForm:
    fields = {f.name: f for f in dataclasses.fields(cls)}
    pieces: list[_Piece] = []
    optional = False
    for part in re.split(r"(\[|\]|\{[a-z_][a-z0-9_]*\})", form):
        if part == "[":
            if optional:
                raise ValueError(f"{cls.__name__}: nested [ in {form!r}")
            optional = True
        elif part == "]":
            optional = False
        elif _FIELD.fullmatch(part):
            pieces.append(_Piece("", part[1:-1], optional))
        elif part:
            pieces.append(_Piece(part, None, optional))
    named = [p.field for p in pieces if p.field]
    if sorted(named) != sorted(fields):
        raise ValueError(f"{cls.__name__}: the form {form!r} must name each field once: {sorted(fields)}")
    chosen: dict[str, Kind] = {}
    defaults: dict[str, Any] = {}
    for name in named:
        kind = kinds.get(name)
        if kind is None and fields[name].type in ("int", int):
            kind = INT
        if kind is None:
            raise ValueError(f"{cls.__name__}.{name}: a field that is not an int needs its kind (text_form(..., {name}=...))")
        chosen[name] = kind
        default = fields[name].default
        if any(p.optional and p.field == name for p in pieces) and default is MISSING:
            raise ValueError(f"{cls.__name__}.{name}: a field in the optional [...] part needs a default")
        defaults[name] = default
    regex, open_tail = [], False
    for piece in pieces:
        if piece.optional and not open_tail:
            regex.append("(?:")
            open_tail = True
        regex.append(re.escape(piece.text) if piece.field is None else f"(?P<{piece.field}>{chosen[piece.field].pattern})")
    if open_tail:
        regex.append(")?")
    first = pieces[0] if pieces else None
    head = ""
    if first is not None and first.field is None and not first.optional:
        head = first.text.split(" ", 1)[0] if " " in first.text or len(pieces) == 1 else ""
    writer = _writer(pieces, chosen, defaults)
    return TextForm(cls, form, tuple(pieces), chosen, re.compile("".join(regex)), defaults, head, writer)


def _writer(pieces: Sequence[_Piece], kinds: Mapping[str, Kind], defaults: Mapping[str, Any]) -> Callable[[Any], str]:
    """The printer of a form: its fixed text as a format string, each field written by its kind.

    The optional tail is printed when any of its fields differs from its default.
    """

    def compiled(chosen: Sequence[_Piece]) -> tuple[Callable[..., str], tuple[tuple[str, Callable[[Any], str]], ...]]:
        text = "".join(p.text.replace("{", "{{").replace("}", "}}") if p.field is None else "{}" for p in chosen)
        return text.format, tuple((p.field, kinds[p.field].write) for p in chosen if p.field)

    full, full_fields = compiled(pieces)
    tail = tuple((p.field, defaults[p.field]) for p in pieces if p.optional and p.field)
    if not tail:
        return lambda action: full(*[put(getattr(action, name)) for name, put in full_fields])
    short, short_fields = compiled([p for p in pieces if not p.optional])

    def write(action: Any) -> str:
        if any(getattr(action, name) != default for name, default in tail):
            return full(*[put(getattr(action, name)) for name, put in full_fields])
        return short(*[put(getattr(action, name)) for name, put in short_fields])

    return write


def text_form(form: str, **kinds: Kind) -> Callable[[T], T]:
    """Class decorator (above ``@dataclass``): the action's text form; makes its ``__str__``.

    ``kinds`` names the kind of every field that is not a plain ``int``.
    """

    def attach(cls: T) -> T:
        compiled = _compile(cls, form, kinds)

        def __str__(self: Any) -> str:
            return compiled.write(self)

        # set by name: a decorator cannot declare to the checker what it adds to any class it decorates
        setattr(cls, "TEXT_FORM", compiled)
        setattr(cls, "__str__", __str__)
        return cls

    return attach


def clean(text: object) -> str:
    """What a typed move is compared as: lower case, single spaces, no ends ("" for what is not text)."""
    return " ".join(text.strip().lower().split()) if isinstance(text, str) else ""


@dataclass(frozen=True)
class TextParser:
    """Reads a game's actions from text: the forms of its action classes, tried in the order given.

    ``canonical``: accept only text the action writes back the same (after
    ``clean``), so ``"face 04"`` is no action; games whose old parser was
    lenient (leading zeros) keep ``False`` so saved and typed texts still read.
    """

    forms: tuple[TextForm, ...]
    examples: tuple[str, ...]
    canonical: bool = False

    def __call__(self, text: str) -> Any:
        """The action written as ``text``; ``UnreadableAction`` (rule ``actions``) with the examples otherwise."""
        cleaned = clean(text)
        for form in self.forms:
            if form.head and not cleaned.startswith(form.head):
                continue
            action = form.read(cleaned)
            if action is not None and (not self.canonical or str(action) == cleaned):
                return action
        raise unknown_action(str(text)[:60], self.examples)


def text_parser(*classes: type, examples: Iterable[str], canonical: bool = False) -> TextParser:
    """The one parser of a game's actions, from classes declared with ``text_form``."""
    forms = []
    for cls in classes:
        form = getattr(cls, "TEXT_FORM", None)
        if not isinstance(form, TextForm) or form.cls is not cls:
            raise TypeError(f"{cls.__name__} declares no text form (decorate it with @text_form)")
        forms.append(form)
    return TextParser(tuple(forms), tuple(examples), canonical)


__all__ = [
    "INT", "Kind", "NotThisForm", "TextForm", "TextParser", "choice", "clean", "integer", "integers", "pair",
    "text_form", "text_parser", "word",
]
