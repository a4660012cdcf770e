"""Helpers any test (and the benchmarks) may import: toy games, a site subprocess, a private PostgreSQL."""
