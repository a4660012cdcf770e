"""Issue 17, item 8: a seat's key (``k=``) and other secret query values never reach the server's log."""

from __future__ import annotations

from tests.support.raw_kernel import Visitor

from rulebook.site.limits import REDACTED, LimitSettings
from rulebook.tables.store import new_token


def test_seat_keys_and_tokens_are_redacted_in_the_log(secure_site):
    site = secure_site(LimitSettings(silent_seconds=0), max_kernels=3)
    key, other, xsrf = new_token(), new_token(), new_token()
    visitor = Visitor(site.port, "10.0.5.1")
    # a page with a seat key (and a spectator's table id, which is not a secret)
    assert visitor.get(f"/voila/render/page.ipynb?t=TABLE123&k={key}.{other}&lang=en")[0] == 200
    # the same keys in a 404, a refused shutdown beacon and an odd URL
    visitor.get(f"/nowhere?k={key}")
    visitor.get(f"/voila/api/shutdown/abc?_xsrf={xsrf}&token={other}")
    visitor.get(f"/voila/render/page.ipynb%00?K={key}")
    log = site.log_text()
    for secret in (key, other, xsrf):
        assert secret not in log
    assert f"k={REDACTED}" in log and "t=TABLE123" in log and "lang=en" in log
