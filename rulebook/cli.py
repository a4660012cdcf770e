"""``rulebook`` command line: ``rulebook serve`` starts the web site."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rulebook.site import limits as site_limits
from rulebook.site import serve as site


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulebook", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser(
        "serve",
        help="serve every notebook of the notebooks folder as a web site (on 127.0.0.1 unless --ip says otherwise)",
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
        "--no-fork-kernels",
        dest="fork_kernels",
        action="store_false",
        help="start every kernel from scratch instead of forking it from a warm zygote process",
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
    site_limits.add_arguments(s)
    add_edge_arguments(s)
    add_designer_commands(commands)
    add_publish_parser(commands)
    add_simulate_parser(commands)
    s.add_argument(
        "--max-store-mb",
        type=int,
        default=site.DEFAULT_MAX_STORE_MB,
        metavar="MB",
        help="refuse new tables once the table store takes MB megabytes; 0: no cap (default %(default)s)",
    )
    return parser


def add_edge_arguments(s: argparse.ArgumentParser) -> None:
    """Where the server listens, whom it believes, its name behind the proxy, how long it drains (docs/deploy.md)."""
    group = s.add_argument_group("behind a proxy, several servers (docs/deploy.md)")
    group.add_argument("--ip", default=site.HOST, metavar="ADDR",
                       help="the address to listen on (default %(default)s)")
    group.add_argument("--trusted-proxy", dest="trusted_proxies", action="append", default=None, metavar="ADDR|CIDR",
                       help="believe X-Forwarded-For / X-Real-IP only from these peers; repeatable or comma-separated; "
                       f"'none' trusts nobody (default {','.join(site_limits.DEFAULT_TRUSTED_PROXIES)})")
    group.add_argument("--server-name", default="", metavar="NAME",
                       help="this server's name in the rb_route cookie and $RULEBOOK_SERVER, "
                       "[A-Za-z0-9_-]{1,40} (default <short hostname>-<port>)")
    group.add_argument("--drain-seconds", type=int, default=site.DEFAULT_DRAIN_SECONDS, metavar="S",
                       help="after SIGTERM, tell pages still open after S seconds to reopen on another server "
                       "(default %(default)s)")


def add_designer_commands(commands: argparse._SubParsersAction) -> None:
    """``rulebook new NAME`` and ``rulebook check [GAME...]``: a designer's path (docs/designing-a-game.md)."""
    n = commands.add_parser("new", help="scaffold a new game: engine, rules, lesson, page, notebook and tests")
    n.add_argument("name", help="the game's name: lower-case letters, digits and _ (e.g. pig)")
    n.add_argument("--root", type=Path, default=Path("."), help="the repository to write into (default: here)")
    c = commands.add_parser("check", help="check games against the conventions of rules, examples and lessons")
    c.add_argument("games", nargs="*", help="games to check (default: every game)")


def designer_command(args: argparse.Namespace) -> int:
    """Run ``new`` or ``check``; problems go to stderr and give exit status 1 (nothing is half written)."""
    if args.command == "new":
        from rulebook.scaffold import ScaffoldError, new_game

        try:
            written = new_game(args.name, args.root)
        except ScaffoldError as error:
            print(f"rulebook new: {error}", file=sys.stderr)
            return 1
        for path in written:
            print(path)
        print(f"made {len(written)} files; next: docs/designing-a-game.md", file=sys.stderr)
        return 0
    from rulebook.core.conventions import check_games

    try:
        problems = check_games(args.games or None)
    except KeyError as error:
        print(f"rulebook check: no game called {error}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


def add_publish_parser(commands: argparse._SubParsersAction) -> None:
    """``rulebook publish OUT/``: the static edition (rulebook/publish)."""
    p = commands.add_parser(
        "publish",
        help="write the rules of every game as plain files any static host serves (no kernel)",
    )
    p.add_argument("out", type=Path, metavar="OUT", help="the folder to write (new, empty, or an earlier edition)")
    p.add_argument("--play-url", default=None, metavar="URL",
                   help="the live site: Play and Learn to play buttons point there (default: no play buttons)")
    p.add_argument("--base-url", default=None, metavar="URL",
                   help="where the edition will be served, for absolute links in share cards (default: relative)")
    p.add_argument("--lang", default=None, metavar="LANGS", help="languages, the first one the front page's (default ja,en)")
    p.add_argument("--games", default=None, metavar="NAMES", help="games to publish, comma-separated (default: every registered game)")
    p.add_argument("--pdf", action="store_true", help="also print a PDF per game and language (needs Chromium)")
    p.add_argument("--no-cards", dest="cards", action="store_false", help="skip the share-card pictures (faster; no Chromium)")


def run_publish(args: argparse.Namespace) -> int:
    from rulebook.publish import PublishError, PublishOptions, publish

    try:
        options = PublishOptions.from_args(
            args.out, langs=args.lang, games=args.games, play_url=args.play_url,
            base_url=args.base_url, pdf=args.pdf, cards=args.cards,
        )
        report = publish(options, log=lambda line: print(line, file=sys.stderr))
    except PublishError as exc:
        print(f"rulebook publish: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 0


def add_simulate_parser(commands) -> None:
    """``rulebook simulate`` (the designer's lab, rulebook/lab/)."""
    from rulebook.lab.cli import add_parser

    add_parser(commands)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in ("new", "check"):
        return designer_command(args)
    if args.command == "publish":
        return run_publish(args)
    if args.command == "simulate":
        from rulebook.lab.cli import run as run_simulate

        return run_simulate(args)
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
            fork_kernels=args.fork_kernels,
            ip=args.ip,
            trusted_proxies=tuple(args.trusted_proxies or site_limits.DEFAULT_TRUSTED_PROXIES),
            server_name=args.server_name,
            drain_seconds=args.drain_seconds,
        )
        if args.notebooks is not None:
            kwargs["notebooks"] = args.notebooks
        try:
            kwargs["limits"] = site_limits.settings_from(args)
            options = site.SiteOptions(**kwargs)
        except ValueError as exc:
            build_parser().error(f"rulebook serve: {exc}")
        from rulebook.publish.live import LiveEdition  # /rules/: the edition's pages, handed to the server

        site.serve(options, edition_for=LiveEdition)
    return 0


if __name__ == "__main__":
    sys.exit(main())
