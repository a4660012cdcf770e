"""Developer tools run by the Makefile (not part of the installed package: pyproject.toml packages only rulebook and widgets)."""
