"""The boards' ES modules from versioned URLs, the kernel's side (issue 18 A).

anywidget sends a widget's ``_esm`` inside its state, so every visit paid for every board's module
again over the kernel's websocket (~75 kB of the Chiritsumo page's ~190 kB of state) and the
browser compiled it again from a blob. On the site, the kernel writes each module once into a
folder the server serves under its content hash (``/voila/modules/<sha>.js``, a year, immutable)
and sends anywidget a loader of a few hundred bytes instead; a changed module has a new hash, so
a new URL. The folder is made by the server and named to its kernels in the environment (they
are its child processes). Without that variable (a notebook in JupyterLab, a test) the module
text goes in the state as before.

Every kernel imports this (``widgets.base.ServedModule``), so it imports the standard library only;
the server's side (making the folder, the Tornado handler that serves it) is ``assets.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

#: The folder the kernels write modules to and the server serves them from (set by the server).
MODULE_DIR_ENV = "RULEBOOK_MODULE_DIR"
#: The modules' URL path under the page's ``data-base-url`` (``<base>voila/``).
MODULE_PATH = "modules/"
#: Hex digits of SHA-256 in a module's file name: 80 bits, no two modules of a site collide.
MODULE_HASH_DIGITS = 20


def module_name(text: str) -> str:
    """A module's file name: the hash of its content, so its URL changes exactly when it does."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:MODULE_HASH_DIGITS] + ".js"


def publish_module(text: str, folder: str | os.PathLike) -> str:
    """Write ``text`` into ``folder`` under its hash (once; atomically, kernels write at the same time)."""
    name = module_name(text)
    target = Path(folder) / name
    if not target.is_file():
        temporary = target.with_name(f".{name}.{os.getpid()}.{threading.get_ident()}")
        temporary.write_text(text, "utf-8")
        os.replace(temporary, target)
    return name


def module_loader(name: str) -> str:
    """The ES module anywidget gets instead of the text: it imports the module from its URL.

    anywidget imports only absolute ``http(s)`` URLs as such (anything else is
    module text), and the kernel does not know the address the visitor used;
    the page does: Voilà's ``<body data-base-url>``.
    """
    path = json.dumps(MODULE_PATH + name)
    return (
        'const base = new URL(document.body.dataset.baseUrl || "/voila/", location.href);\n'
        f"const served = await import(new URL({path}, base).href);\n"
        "export default served.default;\n"
    )


def served_module(text: str) -> str:
    """What a widget's ``_esm`` trait carries: a loader of the served module on the site, else ``text``."""
    folder = os.environ.get(MODULE_DIR_ENV)
    if not folder or not os.path.isdir(folder):
        return text
    try:
        return module_loader(publish_module(text, folder))
    except OSError:
        return text  # a full disk: the page still works, the module travels in the state
