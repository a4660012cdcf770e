"""Scripts that print the figures the README quotes.

Each module ``benchmarks/<name>.py`` has ``main() -> None`` that measures and
prints; ``python -m benchmarks`` (``make bench``) runs them all in turn.
"""
