"""Server errors become the site's page with an id, logged once; never Tornado's bare page or a traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace

import jinja2
import tornado.web
from tornado.testing import AsyncHTTPTestCase

from jupyter_server.base.handlers import APIHandler
from rulebook.site.app import SiteErrors, StreamedPageErrors, with_site_errors
from rulebook.site.serve import TEMPLATES_DATA_DIR


class Broken(tornado.web.RequestHandler):
    def get(self) -> None:
        raise RuntimeError("secret detail /work/main/rulebook/x.py")


class Refused(tornado.web.RequestHandler):
    def get(self) -> None:
        raise tornado.web.HTTPError(403)


def settings() -> dict:
    template_dir = TEMPLATES_DATA_DIR / "voila" / "templates" / "rulebook"
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(template_dir)]), extensions=["jinja2.ext.i18n"])
    env.install_null_translations()
    voila = SimpleNamespace(voila_configuration=SimpleNamespace(template="rulebook"))
    return {"voila_jinja2_env": env, "voila": voila, "base_url": "/"}


class BrokenMidway(StreamedPageErrors, SiteErrors, tornado.web.RequestHandler):
    """A page that streamed its head, then failed (as Voilà's does when its kernel is dead)."""

    async def get(self) -> None:
        self.write("<html><head><title>page</title></head><body><div>Loading…</div>")
        await self.flush()
        raise RuntimeError("Kernel didn't respond in 120 seconds")


@contextmanager
def site_log() -> Iterator[list[logging.LogRecord]]:
    """The records the site logs (``rulebook.site``) while the block runs."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("rulebook.site")
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


class ErrorPages(AsyncHTTPTestCase):
    def get_app(self) -> tornado.web.Application:
        return tornado.web.Application(
            [
                (r"/broken", with_site_errors(Broken)),
                (r"/refused", with_site_errors(Refused)),
                (r"/midway", BrokenMidway),
            ],
            **settings(),
        )

    def test_a_page_that_fails_after_its_head_went_out_ends_with_the_reopening_script(self) -> None:
        with site_log() as records:
            response = self.fetch("/midway")
        body = response.body.decode()
        assert response.code == 200  # the status line went out first
        assert body.startswith("<html><head><title>page</title>")
        tail = body.split("Loading…</div>", 1)[1]
        assert "<script>" in tail and "rb-page-failed" in tail
        assert "opening it again" in tail and "開き直します" in tail
        errors = [r for r in records if r.levelno == logging.ERROR]
        assert len(errors) == 1
        assert f'"{errors[0].args[0]}"' in tail  # the error id, for the third try's message
        for leak in ("Traceback", "120 seconds", "RuntimeError"):
            assert leak not in body

    def test_a_server_error_shows_an_id_that_the_log_has(self) -> None:
        with site_log() as records:
            response = self.fetch("/broken")
        body = response.body.decode()
        assert response.code == 500
        assert 'class="rb-error"' in body and "rb-error-id" in body
        for leak in ("Traceback", "secret detail", "/work/", "RuntimeError", "Internal Server Error"):
            assert leak not in body
        errors = [r for r in records if r.levelno == logging.ERROR]
        assert len(errors) == 1 and errors[0].exc_info is not None
        error_id = errors[0].args[0]
        assert f"<code>{error_id}</code>" in body
        assert "Your table is safe" in body

    def test_a_refusal_is_the_site_page_without_an_id(self) -> None:
        response = self.fetch("/refused")
        body = response.body.decode()
        assert response.code == 403
        assert 'class="rb-error"' in body and "rb-error-id" not in body


def test_websockets_and_redirects_are_left_alone():
    import tornado.websocket

    class Socket(tornado.websocket.WebSocketHandler):
        pass

    assert with_site_errors(Socket) is Socket
    assert with_site_errors(tornado.web.RedirectHandler) is tornado.web.RedirectHandler
    wrapped = with_site_errors(APIHandler)
    assert issubclass(wrapped, SiteErrors) and issubclass(wrapped, APIHandler)
    assert with_site_errors(wrapped) is wrapped
