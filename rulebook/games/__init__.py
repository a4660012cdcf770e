"""One package per game; each exposes ``GAME`` (found by ``rulebook.core.registry``)."""
