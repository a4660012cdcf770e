"""``rulebook`` command line: ``rulebook serve`` starts the web site."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulebook.site import serve as site


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulebook", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser(
        "serve",
        help="serve every notebook of the notebooks folder as a web site (127.0.0.1 only)",
    )
    s.add_argument("--port", type=int, default=site.DEFAULT_PORT, help="default %(default)s")
    s.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        help="folder of notebooks to serve (default: the repository's notebooks/)",
    )
    s.add_argument(
        "--no-preheat",
        dest="preheat",
        action="store_false",
        help="start each page's kernel on request instead of keeping a preheated pool",
    )
    s.add_argument(
        "--pool-size",
        type=int,
        default=site.DEFAULT_POOL_SIZE,
        help="preheated kernels kept per notebook (default %(default)s)",
    )
    s.add_argument(
        "--cull-idle-timeout",
        type=int,
        default=site.DEFAULT_CULL_IDLE_TIMEOUT,
        metavar="S",
        help="shut down a kernel with no open page after S idle seconds; 0 never (default %(default)s)",
    )
    s.add_argument(
        "--cull-interval",
        type=int,
        default=site.DEFAULT_CULL_INTERVAL,
        metavar="S",
        help="look for idle kernels every S seconds (default %(default)s)",
    )
    s.add_argument(
        "--data",
        type=Path,
        default=Path(site.DEFAULT_DATA_DIR),
        metavar="DIR",
        help="the site's data folder, made if missing; the tables are kept in DIR/tables.sqlite (default %(default)s)",
    )
    s.add_argument(
        "--db",
        default="",
        metavar="URL",
        help="the table store: sqlite:///path/tables.sqlite or postgresql://user@host/db "
        "(default: $RULEBOOK_DB, else DIR/tables.sqlite)",
    )
    s.add_argument(
        "--keep-days",
        type=int,
        default=site.DEFAULT_KEEP_DAYS,
        metavar="N",
        help="remove tables finished or untouched for N days; 0 keeps them all (default %(default)s)",
    )
    s.add_argument(
        "--house",
        type=Path,
        default=None,
        metavar="FILE",
        help="the cafe's house file: host password, shelf, house rules (default: ./house.toml if present)",
    )
    s.add_argument(
        "--max-kernels",
        type=int,
        default=0,
        metavar="N",
        help="at most N pages (kernels) at once; 0 sizes it from the memory (default)",
    )
    s.add_argument(
        "--cull-grace",
        type=int,
        default=site.DEFAULT_CULL_GRACE,
        metavar="S",
        help="never cull a kernel within S seconds of giving it to a page (default %(default)s)",
    )
    s.add_argument(
        "--cell-timeout",
        type=int,
        default=site.CELL_TIMEOUT,
        metavar="S",
        help="a page's cell may run S seconds once its visitor has arrived (default %(default)s)",
    )
    s.add_argument(
        "--max-store-mb",
        type=int,
        default=site.DEFAULT_MAX_STORE_MB,
        metavar="MB",
        help="refuse new tables once the table store takes MB megabytes; 0: no cap (default %(default)s)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        kwargs = dict(
            port=args.port,
            preheat=args.preheat,
            pool_size=args.pool_size,
            cull_idle_timeout=args.cull_idle_timeout,
            cull_interval=args.cull_interval,
            data=args.data,
            db=args.db,
            keep_days=args.keep_days,
            house=args.house,
            max_kernels=args.max_kernels,
            cull_grace=args.cull_grace,
            cell_timeout=args.cell_timeout,
            max_store_mb=args.max_store_mb,
        )
        if args.notebooks is not None:
            kwargs["notebooks"] = args.notebooks
        try:
            options = site.SiteOptions(**kwargs)
        except ValueError as exc:
            build_parser().error(str(exc))
        site.serve(options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
