"""Fewer, smaller bytes for a phone: compression and year-long caching of the site's assets.

A phone on a slow network paid for every byte of Voilà's ~5 MB of JavaScript
uncompressed on every first visit, and for ~100 revalidation round trips on
every repeat visit (Voilà's chunk files carried no ``Cache-Control``, the lab
extensions' files said ``no-cache``). This module is the site's answer:

- ``CompressTransform``: every text response (pages, JSON, JS, CSS, SVG) is
  compressed, brotli when the browser accepts it (a quarter smaller than
  gzip on these bundles), else gzip. Tornado's own ``compress_response`` is
  gzip only. A streamed Voilà page stays streamed (each flush is flushed
  through the compressor).
- ``CompressedStatic``: a static file is compressed once per version and
  kept in memory (``compressed``), not on every request; a 304 stays a 304.
- ``cache_control``: a versioned URL (a ``?v=`` that matches the file, a
  content-hashed file name, or Voilà's static folder under its digest) is
  ``public, max-age=31536000, immutable``; anything else must be revalidated
  (``no-cache``), and pages are never stored.
- ``static_digest`` / ``page_config_hook``: Voilà loads ``voila.js`` and its
  ~190 chunks from ``/voila/static/`` under names that do not change when
  their content does (``2829.voila.js``). The page is told to load them from
  ``/voila/static/~<digest>/``, a digest of every file in those folders, so
  a new Voilà gives new URLs and an old cached copy is never used.
- ``chunk_bundle``: the webpack chunks every page runs, joined at start into
  one script under its content hash, so a repeat visit asks for ~15 scripts
  instead of ~85 (each one a main-thread task on a phone, even from cache).
"""

from __future__ import annotations

import atexit
import gzip
import hashlib
import json
import mimetypes
import os
import re
import shutil
import tempfile
import threading
import zlib
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import tornado.web
from tornado import httputil

from .served_modules import MODULE_DIR_ENV, MODULE_HASH_DIGITS, MODULE_PATH, publish_module

try:  # brotli: the well-kept binding of Google's compressor; without it, gzip only
    import brotli
except ImportError:  # pragma: no cover - it is a dependency of the project
    brotli = None

#: A year: what ``immutable`` promises a browser it may keep a versioned file.
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
#: Brotli quality for streamed responses (a page as it renders): fast enough to keep the stream flowing.
STREAM_BROTLI_QUALITY = 5
#: Brotli quality for static files, compressed once per version: 9 is ~8 % larger than 11 and ~30× faster
#: (0.06 s against 1.7 s for Voilà's largest chunk here), so a fresh server never makes its first visitor wait.
STATIC_BROTLI_QUALITY = 9
GZIP_LEVEL = 6
#: Shorter responses are not worth a Content-Encoding (the headers outweigh the saving).
MIN_LENGTH = 512
#: Compressed static files kept in memory (bytes); the site's whole static set is ~4 MB compressed.
CACHE_BYTES = 64 * 1024 * 1024
COMPRESSIBLE = {
    "application/javascript",
    "application/x-javascript",
    "text/javascript",
    "application/json",
    "application/xml",
    "application/xhtml+xml",
    "application/manifest+json",
    "image/svg+xml",
    "application/vnd.ms-fontobject",
    "font/ttf",
    "application/x-font-ttf",
    "font/otf",
}
#: A file name carrying a content hash, as webpack writes them (``528.d9f5934c.js``,
#: ``remoteEntry.5cbb9d2323598fbda535.js``, ``721921bab0d001ebff02.woff``).
HASHED_NAME = re.compile(r"(^|[.\-_])[0-9a-f]{8,}\.[A-Za-z0-9]+$")
#: The prefix of Voilà's static folder under its digest (``/voila/static/~<digest>/voila.js``).
DIGEST_MARK = "~"


def compressible(content_type: str) -> bool:
    """Whether a response of this type shrinks when compressed (text; not images or woff2, already compressed)."""
    ctype = content_type.split(";")[0].strip().lower()
    return ctype.startswith("text/") or ctype in COMPRESSIBLE


def accepted_encoding(accept_encoding: str) -> str | None:
    """The encoding to answer with: ``br`` if accepted (and brotli is installed), else ``gzip``, else none.

    A coding listed with ``q=0`` is refused, as RFC 9110 says.
    """
    accepted = set()
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                q = float(match.group(1))
            except ValueError:
                q = 0.0
        if name and q > 0:
            accepted.add(name.strip())
    if "br" in accepted and brotli is not None:
        return "br"
    if "gzip" in accepted or "*" in accepted:
        return "gzip"
    return None


def compress(data: bytes, encoding: str, quality: int = STATIC_BROTLI_QUALITY) -> bytes:
    """``data`` in ``encoding`` (``br`` or ``gzip``), in one go."""
    if encoding == "br":
        return brotli.compress(data, quality=quality)
    if encoding == "gzip":
        return gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
    raise ValueError(f"unknown content encoding: {encoding!r}")


class _CompressedCache:
    """Compressed copies of static files by (path, size, mtime, encoding): compressed once per version."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self.entries: OrderedDict[tuple, bytes] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, path: str, encoding: str) -> bytes:
        stat = os.stat(path)
        key = (path, stat.st_size, stat.st_mtime_ns, encoding)
        with self.lock:
            if key in self.entries:
                self.entries.move_to_end(key)
                return self.entries[key]
        with open(path, "rb") as handle:
            body = compress(handle.read(), encoding)
        with self.lock:
            if key not in self.entries:
                self.entries[key] = body
                self.size += len(body)
                while self.size > self.limit and len(self.entries) > 1:
                    _, dropped = self.entries.popitem(last=False)
                    self.size -= len(dropped)
        return body


compressed = _CompressedCache()


class CompressTransform(tornado.web.OutputTransform):
    """Brotli or gzip for every compressible response not already encoded, streamed chunk by chunk.

    Why a transform and not Tornado's ``compress_response``: that one is gzip
    only. A chunk that is not the last is flushed through the compressor, so
    a page Voilà streams while its kernel works still arrives cell by cell.
    """

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        self._encoding = accepted_encoding(request.headers.get("Accept-Encoding", ""))
        self._active = False

    def transform_first_chunk(
        self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        if "Vary" in headers:
            if "accept-encoding" not in headers["Vary"].lower():
                headers["Vary"] += ", Accept-Encoding"
        else:
            headers["Vary"] = "Accept-Encoding"
        self._active = bool(
            self._encoding
            and status_code not in (204, 206, 304)  # a byte range is of the file as it is
            and "Content-Range" not in headers
            and compressible(headers.get("Content-Type", ""))
            and "Content-Encoding" not in headers
            and (not finishing or len(chunk) >= MIN_LENGTH)
        )
        if not self._active:
            return status_code, headers, chunk
        headers["Content-Encoding"] = self._encoding
        if self._encoding == "br":
            self._brotli = brotli.Compressor(quality=STREAM_BROTLI_QUALITY)
        else:
            self._zlib = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        chunk = self.transform_chunk(chunk, finishing)
        if "Content-Length" in headers:
            if finishing:
                headers["Content-Length"] = str(len(chunk))
            else:
                del headers["Content-Length"]
        if "Etag" in headers and not headers["Etag"].startswith("W/"):
            headers["Etag"] = "W/" + headers["Etag"]  # the same entity, another coding
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if not self._active:
            return chunk
        if self._encoding == "br":
            out = self._brotli.process(chunk) if chunk else b""
            return out + (self._brotli.finish() if finishing else self._brotli.flush())
        out = self._zlib.compress(chunk) if chunk else b""
        return out + self._zlib.flush(zlib.Z_FINISH if finishing else zlib.Z_SYNC_FLUSH)


def cache_control(path: str, version_arg: str | None, current_version: str | None, digest_ok: bool = False) -> str:
    """The ``Cache-Control`` of a static file: year-long only when its URL changes with its content.

    ``path``: the file's URL path within its handler; ``version_arg``: the
    request's ``?v=``; ``current_version``: the file's version now (Tornado's
    content hash); ``digest_ok``: the URL carried the current digest of its
    whole folder. A ``?v=`` that names another version (an old page after an
    upgrade) is answered, but not for a year.
    """
    if digest_ok or HASHED_NAME.search(path.rsplit("/", 1)[-1]):
        return IMMUTABLE  # the URL names the content (JupyterLab adds a `?v=` of the name's hash: same thing)
    if version_arg:
        return IMMUTABLE if current_version and version_arg == current_version else REVALIDATE
    return REVALIDATE


class CompressedStatic:
    """Mixed into Tornado static file handlers: compressed once per version, cached by URL version.

    Tornado's ``StaticFileHandler`` sends the file as it is; through the
    transform it would be compressed again on every request (and a 304 would
    need the whole file read to compute its tag). Here the compressed copy
    comes from ``compressed``, and the tag names the coding.
    """

    _rb_encoding: str | None = None
    _rb_digest_ok: bool = False

    def _rb_pick_encoding(self) -> str | None:
        if self.request.headers.get("Range"):
            return None  # a byte range of a compressed copy is not what was asked: send the file as it is
        return accepted_encoding(self.request.headers.get("Accept-Encoding", ""))

    def compute_etag(self) -> str | None:
        tag = super().compute_etag()
        if tag and self._rb_encoding:
            tag = tag[:-1] + "-" + self._rb_encoding + '"' if tag.endswith('"') else tag + "-" + self._rb_encoding
        return tag

    def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
        return 0  # set_extra_headers says it all (Tornado's own max-age lacks `immutable`)

    def set_headers(self) -> None:
        # after the handler's own headers: jupyter_server's FileFindHandler says `no-cache` for every lab extension file
        super().set_headers()
        version_arg = self.get_argument("v", None)
        from .voila_compat import static_file_version  # the hash of the file's content (Tornado's get_content_version)

        version = static_file_version(self, self.absolute_path) if version_arg else None
        self.set_header("Cache-Control", cache_control(self.path, version_arg, version, self._rb_digest_ok))
        self.clear_header("Expires")
        self.set_header("Vary", "Accept-Encoding")
        if self._rb_encoding:
            self.set_header("Content-Encoding", self._rb_encoding)

    async def get(self, path: str, include_body: bool = True) -> None:
        encoding = self._rb_pick_encoding()
        mime, _ = mimetypes.guess_type(path.split("?")[0])
        if not encoding or not compressible(mime or ""):
            await super().get(path, include_body)
            return
        self.path = self.parse_url_path(path)
        absolute_path = self.get_absolute_path(self.root, self.path)
        self.absolute_path = self.validate_absolute_path(self.root, absolute_path)
        if self.absolute_path is None:
            return
        body = compressed.get(self.absolute_path, encoding)
        if len(body) >= os.path.getsize(self.absolute_path):  # nothing gained (a tiny file)
            await super().get(path, include_body)
            return
        self._rb_encoding = encoding
        self.modified = self.get_modified_time()
        self.set_headers()
        if self.should_return_304():
            self.set_status(304)
            return
        self.set_header("Content-Length", len(body))
        if include_body:
            self.write(body)


def folder_digest(folders: Iterable[str | os.PathLike]) -> str:
    """A digest of every file's name and content in ``folders``: changes when any of them does."""
    digest = hashlib.sha256()
    for folder in folders:
        root = Path(folder)
        if not root.is_dir():
            continue
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


class DigestStatic(CompressedStatic):
    """``/voila/static/~<digest>/<file>``: Voilà's static folders under the digest of their content.

    The digest in the URL must be the current one for the year-long cache
    (a page from before an upgrade still gets its files, revalidated).
    """

    digest: str = ""

    def parse_url_path(self, path: str) -> str:
        mark, _, rest = path.partition("/")
        self._rb_digest_ok = mark == DIGEST_MARK + self.digest
        return super().parse_url_path(rest if mark.startswith(DIGEST_MARK) else path)

    async def get(self, path: str, include_body: bool = True) -> None:
        mark, _, rest = path.partition("/")
        if not mark.startswith(DIGEST_MARK) or not rest:
            raise tornado.web.HTTPError(404)
        await super().get(path, include_body)


def versioned_static_url(page_config: dict, digest: str) -> dict:
    """``page_config`` with Voilà's static URL under the digest (``voila.js`` and its chunks load from there)."""
    updated = dict(page_config)
    url = str(updated.get("fullStaticUrl", "/voila/static")).rstrip("/")
    updated["fullStaticUrl"] = f"{url}/{DIGEST_MARK}{digest}"
    return updated


#: The scripts every game page fetches (``static:<file>`` in Voilà's static folder, ``lab:<path>`` in
#: the lab extensions'), written by ``python -m benchmarks.phone --record-preload``.
PRELOAD_LIST = Path(__file__).parent / "templates" / "voila" / "templates" / "rulebook" / "preload.json"
#: Set (to anything) in the server's environment: no preload hints (the recorder's own pages).
PRELOAD_OFF_ENV = "RULEBOOK_NO_PRELOAD"
#: The page config's key for the hints (read by the template's ``<head>``).
PRELOAD_KEY = "rbPreload"


def preload_entries(listing: Path = PRELOAD_LIST) -> list[str]:
    """The recorded entries (none when there is no list or preloading is off)."""
    if os.environ.get(PRELOAD_OFF_ENV) or not listing.is_file():
        return []
    entries = json.loads(listing.read_text("utf-8"))
    return [entry for entry in entries if isinstance(entry, str)]


def page_scripts(page_config: dict, entries: list[str], static_folders: Iterable[str | os.PathLike]) -> list[tuple[str, str]]:
    """(entry, URL) of each entry this page can fetch, under its static and lab extension URLs: what
    the page hints with ``<link rel=preload>`` (less what ``chunk_bundle`` joined).

    Why: a phone fetched Voilà's scripts in a chain: its chunks after
    ``voila.js`` (at the end of the page), the lab extensions only after the
    window's ``load``, their chunks after those, more of Voilà's after the
    kernel answered: seconds of an idle network at 150 ms a round trip. Hinted
    at the top, they all come at once. An entry whose file is gone (another
    Voilà) or whose lab extension the page does not load is left out: a hint
    never costs a byte the page would not use.
    """
    static_url = str(page_config.get("fullStaticUrl", "")).rstrip("/")
    lab_url = str(page_config.get("fullLabextensionsUrl", "")).rstrip("/")
    extensions = {str(ext.get("name")) for ext in page_config.get("federated_extensions", []) if isinstance(ext, dict)}
    folders = [Path(folder) for folder in static_folders]
    found = []
    for entry in entries:
        kind, _, path = entry.partition(":")
        name = path.split("?")[0]
        if kind == "static" and static_url and "/" not in name and any((f / name).is_file() for f in folders):
            found.append((entry, f"{static_url}/{path}"))
        elif kind == "lab" and lab_url and any(name.startswith(ext + "/") for ext in extensions):
            found.append((entry, f"{lab_url}/{path}"))
    return found


# --- One script for the chunks every page runs (issue 18 B, the repeat visit) -----------------------
#
# A game page runs ~70 of Voilà's and the lab extensions' webpack chunks. Even from the browser's
# cache each is a request: on the phone profile the repeat visit spent ~0.4 s of its main thread
# asking for them (Chromium's ResourceFetcher, one task per script), before and while Voilà started.
# The site joins the chunks every page fetches (the preload list) into one script under its content
# hash, placed before ``voila.js``: each chunk pushes its modules into its webpack global as it
# would from its own file, so webpack finds them installed and asks for none of them. What runs,
# and when, is unchanged: a module runs when it is required, as before.

#: The page-config key of the joined chunks' file name under ``/voila/modules/`` (``chunk_bundle``).
BUNDLE_KEY = "rbBundle"
#: What a plain webpack (JSONP) chunk starts with: comments, "use strict", then the push into its global
#: (``self.webpackChunkX`` or ``self["webpackChunkX"]``, as webpack and rspack write it).
_JSONP_CHUNK = re.compile(
    r'\A(?:\s*/\*.*?\*/|\s*//[^\n]*\n)*\s*(?:"use strict";)?\s*'
    r'\(self(?:\.\w+|\["\w+"\])\s*=\s*self(?:\.\w+|\["\w+"\])\s*\|\|\s*\[\]\)\.push\(\[\[',
    re.S,
)
_SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)


def lab_extension_folders() -> list[Path]:
    """Where Voilà finds the lab extensions it serves (``jupyter --paths``, then its own), in its order."""
    from voila.utils import get_voila_labextensions_path

    return [Path(folder) for folder in get_voila_labextensions_path()]


def entry_file(entry: str, static_folders: Iterable[str | os.PathLike], lab_folders: Iterable[str | os.PathLike]) -> Path | None:
    """The file an entry (``static:<file>``, ``lab:<extension path>``) names, never outside its folders."""
    kind, _, path = entry.partition(":")
    name = path.split("?")[0]
    folders = static_folders if kind == "static" else lab_folders if kind == "lab" else ()
    for folder in folders:
        root = Path(folder).resolve()
        candidate = (root / name).resolve()
        if candidate.is_file() and candidate.is_relative_to(root):
            return candidate
    return None


def is_chunk(text: str) -> bool:
    """Whether ``text`` is a plain webpack chunk (pushes itself into its global and does nothing else at once).

    An entry (``voila.js``, a ``remoteEntry``) is not: it runs a runtime and
    starts the application, so it keeps its own file and its own moment.
    """
    text = _SOURCE_MAP.sub("", text).rstrip()
    return bool(_JSONP_CHUNK.match(text)) and (text.endswith("]);") or text.endswith("])"))


def chunk_bundle(chunks: Iterable[tuple[str, str]]) -> str:
    """The chunks' texts (entry, text) as one script, each in a function of its own.

    Why a function each: a chunk may start with ``"use strict"``, which at the
    top of a joined file would hold for all of them (or for none); inside its
    own function it holds for that chunk only, as in its own file. Source map
    comments are dropped (they would name paths relative to another URL).
    """
    parts = []
    for entry, text in chunks:
        text = _SOURCE_MAP.sub("", text)
        parts.append(f"/* {entry} */\n(function () {{\n{text}\n}}).call(self);\n")
    return "".join(parts)


#: The page-config key naming the webpack chunk and module of JupyterLab's MathJax plugin (``typesetter_module``).
NO_TYPESETTER_KEY = "rbNoTypesetter"
TYPESETTER_PACKAGE = "@jupyterlab/mathjax-extension"
_TYPESETTER_SHARE = re.compile(r'"%s",[^"]{0,200}?\.e\((\d+)\)\]?\)?\.then\(\(\(\)=>\(\)=>\w+\((\d+)\)\)' % re.escape(TYPESETTER_PACKAGE))
_CHUNK_GLOBAL = re.compile(r"self\.(webpackChunk\w+)")


def typesetter_module(static_folders: Iterable[str | os.PathLike]) -> dict[str, Any] | None:
    """Where Voilà's front end keeps JupyterLab's MathJax plugin: webpack's chunk global, the chunk and the module.

    Why: the site's pages hold no TeX, yet Voilà's front end starts MathJax on
    every page (its render-outputs plugin typesets an empty element to warm
    it up) and ipywidgets typesets every widget description it draws: 17
    more scripts (a game page's first visit 1.39 MB with them, 1.20 MB
    without) fetched and run on a phone, and MathJax's stylesheet put in the page. Voilà registers
    that plugin itself, so ``disabledExtensions`` does not reach it; the page
    template instead hands webpack an empty module under the plugin's ids
    before Voilà's scripts run (``index.html.j2``), so no typesetter exists
    and text is drawn as it is. Read from Voilà's own ``voila.js`` and checked
    against the chunk's file: None (MathJax as before) if this Voilà's
    bundle does not say it the same way.
    """
    for folder in static_folders:
        main = Path(folder) / "voila.js"
        if not main.is_file():
            continue
        text = main.read_text("utf-8", errors="replace")
        share, name = _TYPESETTER_SHARE.search(text), _CHUNK_GLOBAL.search(text)
        if not share or not name:
            return None
        chunk, module = int(share.group(1)), int(share.group(2))
        chunk_file = Path(folder) / f"{chunk}.voila.js"
        body = chunk_file.read_text("utf-8", errors="replace") if chunk_file.is_file() else ""
        if f'"{TYPESETTER_PACKAGE}:plugin"' not in body or not re.search(rf"[{{,]{module}:\(", body):
            return None
        return {"global": name.group(1), "chunk": chunk, "module": module}
    return None


#: What starts TeX for MathJax (JupyterLab's delimiters): a notebook with none of them anywhere needs no typesetter.
TEX_MARKS = ("$", "\\(", "\\[")


@lru_cache(maxsize=256)
def _cells_hold_tex(path: str, modified: int, size: int) -> bool:
    try:
        cells = json.loads(Path(path).read_text("utf-8")).get("cells", [])
        sources = ["".join(c.get("source", "")) if isinstance(c.get("source"), list) else str(c.get("source", "")) for c in cells]
    except (OSError, ValueError, AttributeError, TypeError):
        return True  # unreadable here: the page keeps its typesetter, as before
    return any(mark in text for text in sources for mark in TEX_MARKS)


def notebook_holds_tex(path: str | os.PathLike) -> bool:
    """Whether any cell of the notebook (markdown or code) holds a TeX delimiter: ``$``, ``\\(`` or ``\\[``.

    Code cells count too: a cell that displays math (``Markdown("$x$")``,
    ``HTMLMath``) names it in its source. Read again when the file changes.
    """
    try:
        stat = os.stat(path)
    except OSError:
        return True
    return _cells_hold_tex(str(path), stat.st_mtime_ns, stat.st_size)


class PageConfigHook:
    """Voilà's ``page_config_hook``: the versioned static URL (see ``versioned_static_url``), the
    scripts to hint (``page_scripts``) and, on a page whose notebook holds no TeX
    (``notebook_holds_tex``), the typesetter to leave out (``typesetter_module``); the folders
    are read once, at the first page."""

    def __init__(
        self,
        digest: str,
        static_folders: Iterable[str | os.PathLike] = (),
        root_dir: str | os.PathLike = "",
        module_dir: str | os.PathLike | None = None,
        lab_folders: Iterable[str | os.PathLike] | None = None,
        preload_list: Path = PRELOAD_LIST,
    ) -> None:
        self.digest = digest
        self.static_folders = list(static_folders)
        self.root_dir = root_dir
        self.module_dir = module_dir
        """Where the joined chunks are written (``chunk_bundle``): the site's module folder by default."""
        self.lab_folders = None if lab_folders is None else list(lab_folders)
        self.preload_list = preload_list
        self._preload: list[str] | None = None
        self._bundle: str | None = None
        self._bundle_folder: str | None = None
        self._joined: set[str] | None = None
        """The entries in the bundle (None: not joined yet)."""
        self._typesetter: dict[str, Any] | None = None

    def __call__(self, page_config: dict, notebook_path: str | None = None, **_: Any) -> dict:
        updated = versioned_static_url(page_config, self.digest)
        if self._preload is None:
            self._join()
            scripts = page_scripts(updated, preload_entries(self.preload_list), self.static_folders)
            self._preload = [url for entry, url in scripts if entry not in (self._joined or ())]
            self._typesetter = typesetter_module(self.static_folders)
        if self._preload:
            updated[PRELOAD_KEY] = self._preload
        if self._bundle:
            updated[BUNDLE_KEY] = self._bundle
        if self._typesetter and notebook_path and not notebook_holds_tex(Path(self.root_dir or ".", notebook_path)):
            updated[NO_TYPESETTER_KEY] = self._typesetter
        return updated

    def prepare(self) -> None:
        """Join the chunks and compress the result once, at the server's start (``init_settings``).

        Brotli takes ~0.5 s over the 3.5 MB on this machine: paid here, not by
        the first visitor after a start.
        """
        self._join()
        if self._bundle and self._bundle_folder:
            path = os.path.abspath(os.path.join(self._bundle_folder, self._bundle))  # as ModuleStatic names it
            for encoding in ("br", "gzip") if brotli is not None else ("gzip",):
                compressed.get(path, encoding)

    def _join(self) -> None:
        """Write the listed files that are plain chunks as one script into the module folder (``chunk_bundle``)."""
        if self._joined is not None:
            return
        self._joined = set()
        folder = self.module_dir or own_module_folder()
        entries = preload_entries(self.preload_list)
        if not folder or not entries:
            return  # no folder to serve it from (a notebook outside the site, a test): each chunk as before
        lab_folders = self.lab_folders if self.lab_folders is not None else lab_extension_folders()
        chosen = []
        try:
            for entry in entries:
                path = entry_file(entry, self.static_folders, lab_folders)
                text = path.read_text("utf-8") if path is not None else ""
                if is_chunk(text):
                    chosen.append((entry, text))
            if not chosen:
                return
            self._bundle = publish_module(chunk_bundle(chosen), folder)
        except (OSError, UnicodeDecodeError):
            return  # the page loads each chunk as before
        self._bundle_folder = str(folder)
        self._joined = {entry for entry, _ in chosen}


def with_compressed_static(handler_class: type) -> type:
    """``handler_class`` with ``CompressedStatic`` in front, if it serves files (others are left as they are)."""
    if (
        not isinstance(handler_class, type)
        or not issubclass(handler_class, tornado.web.StaticFileHandler)
        or issubclass(handler_class, CompressedStatic)
    ):
        return handler_class
    return type(f"Compressed{handler_class.__name__}", (CompressedStatic, handler_class), {})


def asset_rules(rules: list[tuple], static_suffix: str, digest: str, module_dir: str | None = None) -> list[tuple]:
    """The site's handler rules with compressed, cache-aware static handlers, and the digest route.

    ``static_suffix``: the pattern of Voilà's static folder (``/voila/static/(.*)``);
    the same folders are also served under ``/voila/static/~<digest>/``, first;
    the boards' modules under ``/voila/modules/`` (``module_rule``), from
    ``module_dir`` or else the folder this server made (``asset_settings``).
    """
    module_dir = module_dir or own_module_folder()
    out: list[tuple] = []
    for rule in rules:
        if module_dir and len(rule) >= 2 and isinstance(rule[0], str) and rule[0].endswith(static_suffix):
            out.append(module_rule(rule[0][: -len(static_suffix)], module_dir))
            module_dir = None  # one route, before the first static folder's
        if len(rule) >= 2 and isinstance(rule[0], str):
            handler = with_compressed_static(rule[1])
            if rule[0].endswith(static_suffix) and handler is not rule[1]:
                digest_class = type(f"Digest{rule[1].__name__}", (DigestStatic, rule[1]), {"digest": digest})
                pattern = rule[0][: -len(static_suffix)] + "/voila/static/(" + re.escape(DIGEST_MARK) + ".*)"
                out.append((pattern, digest_class, *rule[2:]))
            rule = (rule[0], handler, *rule[2:])
        out.append(rule)
    return out


def asset_settings() -> dict[str, Any]:
    """Tornado settings: compressed responses, and permessage-deflate on the kernels' websockets.

    The widgets' state (every board's ES module and CSS, then each redraw's
    JSON) comes over the kernel's websocket; deflate makes those frames a
    fraction of their size. jupyter_server's kernel websocket reads
    ``websocket_compression_options`` from the settings.
    """
    return {"transforms": [CompressTransform], "websocket_compression_options": {}}


# --- The boards' ES modules from versioned URLs (issue 18 A) ---------------------------------------
#
# anywidget sends a widget's `_esm` inside its state, so every visit paid for every board's module
# again over the kernel's websocket (~75 kB of the Chiritsumo page's ~190 kB of state) and the
# browser compiled it again from a blob. On the site, the kernel writes each module once into a
# folder the server serves under its content hash (``/voila/modules/<sha>.js``, a year, immutable)
# and sends anywidget a loader of a few hundred bytes instead; a changed module has a new hash, so
# a new URL. The folder is made by the server and named to its kernels in the environment (they
# are its child processes). Without that variable (a notebook in JupyterLab, a test) the module
# text goes in the state as before.

# The kernel's side (the names, the loader, writing a module) is ``served_modules``: no Tornado, so a
# kernel's widgets import it; the server's side (the folder, the handler) is here.


def own_module_folder() -> str | None:
    """The module folder this process made (``module_folder``), if it made one (a kernel only inherits one)."""
    folder = os.environ.get(MODULE_DIR_ENV)
    if folder and os.path.isdir(folder) and os.environ.get(MODULE_DIR_ENV + "_OWNER") == str(os.getpid()):
        return folder
    return None


def module_folder() -> str:
    """The site's module folder: made once per server process, named to its kernels through the environment."""
    folder = own_module_folder()
    if folder:
        return folder
    folder = tempfile.mkdtemp(prefix="rulebook-modules-")
    atexit.register(shutil.rmtree, folder, True)
    os.environ[MODULE_DIR_ENV] = folder
    os.environ[MODULE_DIR_ENV + "_OWNER"] = str(os.getpid())
    return folder


class ModuleStatic(CompressedStatic, tornado.web.StaticFileHandler):
    """``/voila/modules/<sha>.js``: a board's module under its content hash, compressed, kept a year.

    Only names the kernels write (a hash and ``.js``) are answered; anything else is a 404.
    """

    def parse_url_path(self, path: str) -> str:
        if not MODULE_FILE.fullmatch(path):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


MODULE_FILE = re.compile(r"[0-9a-f]{%d}\.js" % MODULE_HASH_DIGITS)


def module_rule(prefix: str, folder: str) -> tuple:
    """The handler rule of the modules' folder under ``prefix`` (the site's base URL, no trailing slash)."""
    return (prefix + "/voila/" + MODULE_PATH + "(.*)", ModuleStatic, {"path": folder})
