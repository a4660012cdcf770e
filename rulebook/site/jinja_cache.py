"""Voilà's page templates compiled once per server, not once per page.

Voilà builds a new nbconvert exporter for every page it renders, and each
exporter makes a new Jinja environment: every page lexed, parsed and
compiled the same dozen template files again (Voilà's, JupyterLab's base
templates and the site's). Profiled on the site, that was the largest single
piece of the server's own work per page.

Jinja's answer is a bytecode cache: an environment that has one asks it for
a template's compiled code before compiling, keyed by the template's name
and checked against a checksum of its source (an edited template is compiled
again). ``SharedTemplateCode`` is a Jinja extension that gives every
environment of the server process the same in-memory cache;
``voila_compat.share_compiled_templates`` adds it to the extensions nbconvert
gives each environment it makes.

Compiled code depends on how the environment was set up (async rendering,
delimiters, extensions...), not only on the source, and the server makes
environments of several kinds (Voilà's async pages, nbconvert's sync ones).
The cache key therefore includes those settings (``compile_signature``): two
environments share code only where Jinja would have compiled the same code.
"""

from __future__ import annotations

import threading
from types import CodeType
from typing import Any

from jinja2 import Environment
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.ext import Extension

#: Entries kept at most (the site has a few dozen templates; a bound keeps a
#: process that renders templates generated on the fly from growing).
MAX_ENTRIES = 512


def compile_signature(environment: Environment) -> str:
    """The environment settings that change the code Jinja compiles from a source (not filters or globals, read at render)."""
    autoescape = environment.autoescape
    finalize = environment.finalize
    parts = [
        f"async={environment.is_async}",
        f"optimized={environment.optimized}",
        "extensions=" + ",".join(sorted(environment.extensions)),
        "syntax=" + "|".join(
            str(value)
            for value in (
                environment.block_start_string, environment.block_end_string,
                environment.variable_start_string, environment.variable_end_string,
                environment.comment_start_string, environment.comment_end_string,
                environment.line_statement_prefix, environment.line_comment_prefix,
                environment.trim_blocks, environment.lstrip_blocks,
                environment.newline_sequence, environment.keep_trailing_newline,
            )
        ),
        "autoescape=" + (str(autoescape) if isinstance(autoescape, bool) else _qualified(autoescape)),
        "finalize=" + ("" if finalize is None else _qualified(finalize)),
    ]
    return ";".join(parts)


def _qualified(function: Any) -> str:
    return f"{getattr(function, '__module__', '')}.{getattr(function, '__qualname__', repr(function))}"


class SharedBytecode(BytecodeCache):
    """Compiled template code in memory, shared by every environment of the process.

    Code objects are immutable, so one is handed to every environment that
    asks (no marshalling). Jinja's ``Bucket`` checks the source checksum.
    """

    def __init__(self, max_entries: int = MAX_ENTRIES) -> None:
        self.max_entries = max_entries
        self._code: dict[str, tuple[str, CodeType]] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get_bucket(self, environment: Environment, name: str, filename: str | None, source: str) -> Bucket:
        key = self.get_cache_key(f"{compile_signature(environment)}\0{name}", filename)
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self._code.get(bucket.key)
        if found is not None and found[0] == bucket.checksum:
            bucket.code = found[1]
            self.hits += 1
        else:
            self.misses += 1

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is None:
            return
        with self._lock:
            if len(self._code) >= self.max_entries and bucket.key not in self._code:
                self._code.clear()  # rare (see MAX_ENTRIES): start again rather than track ages
            self._code[bucket.key] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        with self._lock:
            self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


#: The process's one cache (what ``SharedTemplateCode`` gives every environment).
SHARED = SharedBytecode()


class SharedTemplateCode(Extension):
    """A Jinja extension that adds no syntax: it gives its environment the process's shared bytecode cache.

    An environment that already has a cache of its own keeps it.
    """

    def __init__(self, environment: Environment) -> None:
        super().__init__(environment)
        if environment.bytecode_cache is None:
            environment.bytecode_cache = SHARED


#: The extension's import path, as nbconvert's list of extensions names them.
EXTENSION_PATH = f"{SharedTemplateCode.__module__}.{SharedTemplateCode.__qualname__}"

