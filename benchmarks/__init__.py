"""Scripts that print the figures of docs/performance.md (one table there per module here).

Each module ``benchmarks/<name>.py`` has ``main() -> None`` that measures and
prints; ``python -m benchmarks`` (``make bench``) runs them all in turn.
"""
