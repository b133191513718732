"""The package, built as a district would get it: from the files git keeps (no node_modules, no
compiled catalogs), with no node on the PATH, into an sdist and a wheel built from that sdist;
installed into a fresh virtual environment; `classroom serve` from it gives tablets the
Socket.IO client and the translations. Three tablets play through it over Socket.IO, and a
class plays a round in Chromium, in Japanese, on the pages the installed package serves.

The build tools named in pyproject.toml's [build-system] come from the package index into a
throwaway environment (as any PEP 517 build does); the app's own dependencies are this
environment's (a .pth file), so only the package itself is new. The wheel is built and
installed once for the module's tests.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.deploy.test_gunicorn_recipe import seat_class
from tests.e2e.conftest import CHROMIUM_FLAGS, SCREENSHOTS, TEACHER, chromium_path
from tests.scaleout.clients import Tablet, close_all
from tests.scaleout.conftest import require
from tests.scaleout.play import step
from tests.scaleout.services import ROOT, free_port, port_open, stop, wait_until

pytestmark = pytest.mark.slow

VENDOR_PATH = "/static/vendor/socket.io.min.js"


def run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=300,
        **options,  # type: ignore[call-overload]
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done


@dataclass
class Installed:
    """The wheel installed in a fresh virtual environment."""

    venv: Path
    purelib: str
    home: Path

    def env(self, folder: Path) -> dict[str, str]:
        """A bare environment (no node, no checkout on the path) with its own database."""
        folder.mkdir(parents=True, exist_ok=True)
        return {
            "PATH": str(self.venv / "bin"),
            "HOME": str(self.home),
            "CLASSROOM_DATABASE_URL": f"sqlite:///{folder / 'classroom.db'}",
            "CLASSROOM_INSTANCE": str(folder / "instance"),
            "PYTHONUNBUFFERED": "1",
        }


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The checkout's git files copied, built without node, the wheel installed."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    source = tmp_path / "checkout"
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT)
    for name in filter(None, listed.stdout.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes((ROOT / name).read_bytes())
    assert not (source / "node_modules").exists()
    assert not list(source.glob("classroom/translations/*/LC_MESSAGES/*.mo"))
    builder = tmp_path / "build-env"
    run([sys.executable, "-m", "venv", str(builder)])
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    fetched = subprocess.run(
        [str(builder / "bin/python"), "-m", "pip", "install", "-q", "build", *requires],
        capture_output=True,
        text=True,
        timeout=300,
    )
    require(fetched.returncode == 0, f"the build tools could not be fetched: {fetched.stderr}")
    no_node = {"PATH": str(builder / "bin"), "HOME": str(tmp_path)}
    run(
        [
            str(builder / "bin/python"),
            "-m",
            "build",
            "--no-isolation",
            "--outdir",
            str(tmp_path / "dist"),
            ".",
        ],
        cwd=source,
        env=no_node,
    )
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    target = tmp_path / "site"
    run([sys.executable, "-m", "venv", "--without-pip", str(target)])
    purelib = run(
        [
            str(target / "bin/python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ]
    ).stdout.strip()
    Path(purelib, "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(
        [
            str(builder / "bin/python"),
            "-m",
            "pip",
            "--python",
            str(target / "bin/python"),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ]
    )
    return Installed(target, purelib, tmp_path)


@contextmanager
def serving(installed: Installed, env: dict[str, str], folder: Path) -> Iterator[str]:
    """The installed package's `classroom serve` on a free port; its address. Its log must
    hold no traceback once it stops."""
    port = free_port()
    classroom = str(installed.venv / "bin/classroom")
    log = folder / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [classroom, "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            cwd=folder,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until(lambda: port_open(port), 60, "classroom serve did not listen", log)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)
    assert "Traceback" not in log.read_text(errors="replace")


def test_the_wheel_built_without_node_serves_tablets(installed: Installed, tmp_path: Path) -> None:
    env = installed.env(tmp_path)
    where = run(
        [str(installed.venv / "bin/python"), "-c", "import classroom; print(classroom.__file__)"],
        cwd=tmp_path,
        env=env,
    )
    assert where.stdout.startswith(installed.purelib), where.stdout
    tokens = seat_class(env["CLASSROOM_DATABASE_URL"])
    tablets = []
    with serving(installed, env, tmp_path) as url:
        try:
            client = requests.get(f"{url}{VENDOR_PATH}", timeout=10)
            assert client.status_code == 200
            assert (
                client.content == (ROOT / "classroom/static/vendor/socket.io.min.js").read_bytes()
            )
            japanese = requests.get(f"{url}/join", headers={"Accept-Language": "ja"}, timeout=10)
            assert 'lang="ja"' in japanese.text and "参加" in japanese.text, japanese.text[:500]
            tablets = [Tablet(token, ["polling", "websocket"]).join(url) for token in tokens]
            for _ in range(4):
                step(tablets)
        finally:
            close_all(tablets)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, as the browser tests drive it; one for the module."""
    require(chromium_path() is not None, "Chromium is not installed (make chromium)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=10_000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield browser
        finally:
            browser.close()


def test_a_class_plays_a_round_in_chromium_on_the_installed_package(
    installed: Installed, chromium: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    from tests.e2e.tablets import PORTRAIT
    from tests.e2e.tablets import Tablet as Page
    from tests.e2e.test_languages_round import (
        NICKNAMES,
        TABLET_TEXTS,
        Room,
        assert_speaks,
        catalog,
        create_class,
        join,
        play_until_a_guess,
        teacher_page,
    )

    env = installed.env(tmp_path)
    classroom = str(installed.venv / "bin/classroom")
    # The first teacher, made with the installed package's own command.
    run(
        [classroom, "teacher", "password", TEACHER[0], "--password", TEACHER[1]],
        cwd=tmp_path,
        env=env,
    )
    with serving(installed, env, tmp_path) as url:
        teacher = teacher_page(chromium, url, "ja")
        code, group_id = create_class(teacher, url, "ja")
        tablets = [Page.open(chromium, name, PORTRAIT) for name in NICKNAMES["ja"]]
        clients: list[tuple[str, int]] = []
        for tablet in tablets:
            tablet.page.on(
                "response",
                lambda response: (
                    response.url.endswith(VENDOR_PATH)
                    and clients.append((response.url, response.status))
                ),
            )
        try:
            for tablet in tablets:
                join(tablet, url, code, "ja")
            teacher.locator(f'form[action$="/groups/{group_id}/start"] button').click()
            for tablet in tablets:
                expect(tablet.page.locator("#hand button[data-card]")).to_have_count(12)
            first = tablets[0]
            # The page's Socket.IO client is the one the wheel carries, loaded from its server.
            assert clients and all(status == 200 for _, status in clients), clients
            assert {client for client, _ in clients} == {f"{url}{VENDOR_PATH}"}
            assert first.page.evaluate("typeof io") == "function"
            expect(first.page.locator(f'script[src$="{VENDOR_PATH}"]')).to_have_count(1)
            # The compiled catalogs came with it: the tablet speaks Japanese.
            assert_speaks(first.page, "ja", TABLET_TEXTS)

            on_table = first.page.locator("#layout .playing-card")
            expect(on_table).to_have_count(1)  # the starter card
            guesser = play_until_a_guess(Room("ja", teacher, group_id, tablets))
            played = on_table.count()
            assert played >= 2, played
            for tablet in tablets:
                # Every tablet shows the same cards on the table, the starter's and the plays.
                expect(tablet.page.locator("#layout .playing-card")).to_have_count(played)
                assert tablet.mainline() == first.mainline()
            guesser.page.locator("#guess-text").fill("赤と黒")
            guesser.page.locator("#guess-button").tap()
            pending = teacher.locator(f"#guess-{group_id}")
            pending.get_by_role("button", name=catalog("ja")["Right"], exact=True).click()
            expect(pending).to_have_count(0)
            expect(guesser.page.locator("#notice")).to_have_text(
                catalog("ja")["Your guess is right!"]
            )
            expect(guesser.page.locator("#round-over")).to_be_visible()
            guesser.screenshot("wheel-ja-round-over", SCREENSHOTS)
            for tablet in tablets:
                assert tablet.errors == [], (tablet.nickname, tablet.errors)
                assert tablet.dialogs == [], (tablet.nickname, tablet.dialogs)
        finally:
            for tablet in tablets:
                tablet.context.close()
            teacher.context.close()
