"""Rules as code: the engine of the interactive rulebook.

Nothing in this package imports ipywidgets: rules and display stay apart
(docs/architecture.md). Games live in ``rulebook.games.<name>``, each exposing ``GAME``.
"""

__version__ = "0.1.0"
