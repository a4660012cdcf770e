"""Run every benchmark: each ``benchmarks/*.py`` module's ``main()``, in turn.

    python -m benchmarks            # all of them (make bench)
    python -m benchmarks page_load  # only those named

A module that fails is reported and the others still run; the exit status
says whether all of them ran.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback

import benchmarks


def benchmark_modules() -> list[str]:
    return sorted(
        info.name
        for info in pkgutil.iter_modules(benchmarks.__path__)
        if not info.ispkg and not info.name.startswith("_")
    )


def main(argv: list[str] | None = None) -> int:
    names = benchmark_modules()
    wanted = sys.argv[1:] if argv is None else argv
    if wanted:
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(names)}")
            return 2
        names = [n for n in names if n in wanted]
    failed = []
    for name in names:
        print(f"\n=== benchmarks.{name} ===", flush=True)
        start = time.monotonic()
        try:
            module = importlib.import_module(f"benchmarks.{name}")
            entry = getattr(module, "main", None)
            if entry is None:
                print("(no main(): nothing to run)")
                continue
            entry()
        except Exception:
            traceback.print_exc()
            failed.append(name)
        finally:
            sys.stdout.flush()
        print(f"--- benchmarks.{name}: {time.monotonic() - start:.0f} s", flush=True)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
