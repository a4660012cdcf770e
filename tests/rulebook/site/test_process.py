"""The test sites' ports: free, and never from the range outgoing connections use."""

from __future__ import annotations

import random
import socket

from tests.support.site_process import ephemeral_ports, free_port


def test_a_free_port_is_below_the_ephemeral_range_and_can_be_bound():
    low, _ = ephemeral_ports()
    for seed in range(20):
        port = free_port(random.Random(seed))
        assert 1024 <= port < low
        with socket.socket() as s:
            s.bind(("127.0.0.1", port))


def test_a_port_someone_listens_on_is_never_given():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", free_port()))
        taken.listen()
        port = taken.getsockname()[1]
        offers = iter([port] * 3)  # a random source that offers the taken port first, then others

        class Stubborn(random.Random):
            def randrange(self, start, stop=None, step=1):  # noqa: ANN001, ANN201 - random's signature
                return next(offers, None) or super().randrange(start, stop)

        given = free_port(Stubborn(1))
        assert given != port and next(offers, None) is None  # all three offers were refused


def test_the_range_is_read_from_the_system_or_defaults(tmp_path):
    file = tmp_path / "range"
    file.write_text("40000\t50000\n")
    assert ephemeral_ports(str(file)) == (40000, 50000)
    assert ephemeral_ports(str(tmp_path / "missing")) == (32768, 60999)
