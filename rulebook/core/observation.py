"""Typed observations: what one seat sees, as a frozen dataclass that is also a plain-data dict.

Why this shape. A game's ``observe(state, seat)`` used to return a
string-keyed dict, and the views read it by key hundreds of times: a typo
was a ``KeyError`` at the table. Each game now declares its observation as
a frozen dataclass deriving from :class:`Observation` (nested parts with
structure derive from it too), so a view reads ``o.hand`` and a type
checker or an import-time test catches ``o.hnad``.

**Views read observations by attribute.** The mapping side below exists
for the other consumers, which treat an observation as plain data: the
bots and their determinisation (``sample_state``), hints, lesson checks,
the lab's event log, the JSON models sent to the browser, and the tests.
For them an instance *is* a ``dict`` (``obs["hand"]``, ``obs.get(...)``,
``json.dumps(obs)``, ``obs == {...}``), with its keys in the order the
fields are declared, so the JSON the browser receives keeps exactly the
shape it had. The dict side is read-only: writing to it raises
``TypeError``, as assigning an attribute of a frozen dataclass does.

The values inside are the same plain lists and dicts the game built
(``json.loads(json.dumps(obs)) == obs`` still holds); treat them as
read-only too. ``to_dict()`` gives a deep plain copy for code that wants
to change one.
"""

from __future__ import annotations

from dataclasses import Field, fields, is_dataclass
from functools import lru_cache
from typing import Any, NoReturn, TypedDict


KEY = "key"
"""Field metadata naming the dict key when it differs from the attribute: ``field(metadata={KEY: "values"})``.

Needed where the key the JSON has always used is the name of a ``dict``
method (``values``, ``items``...): an attribute of that name would hide the
method from the plain-data consumers.
"""


class OutcomeSeen(TypedDict):
    """How a game ended as observations carry it (``Outcome.as_dict()``): a plain dict, so the JSON keeps its shape.

    A ``TypedDict`` rather than an ``Observation``: it is built by the
    engine's ``Outcome``, shared by every game, and only ever read.
    """

    scores: list[int]
    winners: list[int]
    reason: str
    """The rule id of the paragraph that ended the game."""
    summary_ja: str
    summary_en: str
    detail: dict[str, Any]
    """Game-specific extras (a rating title, rounds played, ...), as each game's ``Outcome.detail`` names them."""


def _key_of(f: Field[Any]) -> str:
    return str(f.metadata.get(KEY, f.name))


@lru_cache(maxsize=None)
def _pairs(cls: type) -> tuple[tuple[str, str], ...]:
    """``(dict key, attribute)`` of each field, in declaration order; once per class (``observe`` runs often)."""
    return tuple((_key_of(f), f.name) for f in fields(cls))


def _rebuild(cls: type[Observation], data: dict[str, Any]) -> Observation:
    """Pickle and ``copy.deepcopy`` go through the constructor, never through the read-only ``__setitem__``."""
    # the checker sees dict's constructor on the base class; each subclass is a dataclass taking its fields
    return cls(**{f.name: data[_key_of(f)] for f in fields(cls)})  # type: ignore[arg-type]


def plain(value: Any) -> Any:
    """A deep copy of ``value`` made only of ``dict``, ``list`` and scalars (observations become dicts)."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


_DICT_NAMES = frozenset(dir(dict))


class Observation(dict[str, Any]):
    """Base of every game's observation dataclass; subclasses are ``@dataclass(frozen=True, eq=False)``.

    ``eq=False`` keeps ``dict`` equality, so an observation equals the plain
    dict with the same keys and values (the tests and the determinisation
    checks compare them that way). Views must read fields by attribute;
    the mapping side is for plain-data consumers (see the module docstring).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in cls.__dict__.get("__annotations__", {}):
            if name in _DICT_NAMES:
                raise TypeError(f"{cls.__name__}.{name} would hide dict.{name}: name the field otherwise, with metadata={{KEY: {name!r}}}")

    def __post_init__(self) -> None:
        if not is_dataclass(self):
            raise TypeError(f"{type(self).__name__} must be declared with @dataclass(frozen=True, eq=False)")
        names = _pairs(type(self))
        dict.update(self, ((key, getattr(self, name)) for key, name in names))

    def to_dict(self) -> dict[str, Any]:
        """A deep plain-data copy (nested observations become plain dicts), safe to change or serialise."""
        copy: dict[str, Any] = plain(self)
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), dict(self)))

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"{type(self).__name__} is a frozen observation: it cannot be changed (use to_dict() for a copy)")

    __setitem__ = _read_only
    __delitem__ = _read_only
    __ior__ = _read_only
    clear = _read_only
    pop = _read_only
    popitem = _read_only
    setdefault = _read_only
    update = _read_only


__all__ = ["KEY", "Observation", "OutcomeSeen", "plain"]
