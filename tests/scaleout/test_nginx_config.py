"""deploy/nginx/classroom.conf is valid (`nginx -t`), and a tablet plays through it over HTTPS with
long-polling first (as browsers do), which only works if the sessions are sticky."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.deploy.nginx_site import (
    SITE,
    main_config,
    nginx_binary,
    on_free_ports,
    throwaway_certificate,
    with_files_in,
)
from tests.scaleout.clients import Tablet, close_all
from tests.scaleout.conftest import Cluster, require
from tests.scaleout.play import step
from tests.scaleout.services import free_port, port_open, stop, wait_until

# The proxy's certificate is a throwaway one made by the test.
pytestmark = pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning")


def local_config(folder: Path, upstreams: list[int], http_port: int, https_port: int) -> Path:
    """deploy/nginx/classroom.conf with this machine's ports, a throwaway certificate, temp
    paths, included from a small nginx.conf."""
    certificate, key = throwaway_certificate(folder)
    text = on_free_ports(SITE.read_text(), upstreams, http_port, https_port)
    site = folder / "classroom.conf"
    site.write_text(with_files_in(text, folder, certificate, key))
    return main_config(folder, site)


@pytest.fixture
def nginx(tmp_path: Path) -> str:
    found = nginx_binary()
    require(found is not None, "nginx is not installed (make system-packages)")
    require(shutil.which("openssl") is not None, "openssl is not installed")
    assert found is not None
    return found


def test_config_is_valid(nginx: str, tmp_path: Path) -> None:
    config = local_config(tmp_path, [free_port(), free_port()], free_port(), free_port())
    checked = subprocess.run(
        [nginx, "-t", "-c", str(config), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr


@pytest.fixture
def proxy(nginx: str, tmp_path: Path, cluster: Cluster) -> Iterator[str]:
    """nginx in front of servers A and B; its HTTPS address."""
    https_port = free_port()
    config = local_config(tmp_path, [cluster.a.port, cluster.b.port], free_port(), https_port)
    command = [nginx, "-c", str(config), "-e", str(tmp_path / "error.log"), "-g", "daemon off;"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        wait_until(
            lambda: port_open(https_port), 15, "nginx did not listen", tmp_path / "error.log"
        )
        yield f"https://127.0.0.1:{https_port}"
    finally:
        stop(process)


def _insecure() -> requests.Session:
    """HTTP for a throwaway certificate (the environment's CA bundle must not override)."""
    session = requests.Session()
    session.verify = False
    session.trust_env = False
    return session


def test_tablets_play_through_nginx(proxy: str, cluster: Cluster) -> None:
    lesson = cluster.seat_class(4)
    tablets = []
    try:
        for token in lesson.tokens:
            # Long-polling first, then the upgrade: every request of a session must reach the
            # same process, or the server answers "Invalid session".
            tablet = Tablet(token, ["polling", "websocket"], http_session=_insecure())
            tablets.append(tablet.join(proxy))
        for _ in range(4):
            step(tablets)
        # The upgrade went through nginx (one run in several saw a single tablet stay on
        # long-polling, which still works: so at least one, not all).
        assert any(t.client.transport() == "websocket" for t in tablets)
    finally:
        close_all(tablets)
