"""Where the site's own files are, for the server and for the pages alike.

A module of its own so that the catalogue (imported by the index page's
kernel) learns where the notebooks are without importing the server
(``serve.py``): kernel-side code never imports server-side code.
"""

from __future__ import annotations

from pathlib import Path

#: This package's folder (the templates live below it).
SITE_DIR = Path(__file__).resolve().parent


def default_notebooks_dir() -> Path:
    """The repository's ``notebooks/`` folder (the project is installed editable)."""
    return SITE_DIR.parent.parent / "notebooks"
