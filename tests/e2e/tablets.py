"""Page helpers for the browser tests: a student's tablet and the teacher's laptop."""

from __future__ import annotations

import json
import re
import threading
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import socketio
from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LANDSCAPE = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}
# A socket.io EVENT packet of the /play namespace inside an engine.io MESSAGE: 42/play,<id>[...]
_PACKET = re.compile(r"^42/play,\d*(\[.*)$", re.DOTALL)


def is_red(card: str) -> bool:
    """Hearts and diamonds."""
    return card[-1] in "HD"


@dataclass
class Tablet:
    """One student's browser context and page, with what it received over its socket."""

    nickname: str
    context: BrowserContext
    page: Page
    socket: Any = None
    received: list[tuple[str, Any]] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, browser: Browser, nickname: str, viewport: dict[str, int]) -> Tablet:
        """A fresh touch-screen context; socket frames, dialogs and page errors are recorded."""
        context = browser.new_context(viewport=viewport, has_touch=True)
        page = context.new_page()
        tablet = cls(nickname, context, page)
        page.on("websocket", tablet._record_socket)
        page.on("dialog", tablet._record_dialog)
        page.on("pageerror", lambda error: tablet.errors.append(str(error)))
        page.on(
            "console",
            lambda message: message.type == "error" and tablet.errors.append(message.text),
        )
        return tablet

    def _record_socket(self, websocket: Any) -> None:
        self.socket = websocket

        def frame(payload: str | bytes) -> None:
            match = _PACKET.match(payload if isinstance(payload, str) else "")
            if match:
                name, *args = json.loads(match.group(1))
                self.received.append((name, args[0] if args else None))

        websocket.on("framereceived", frame)

    def _record_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    # --- joining ---------------------------------------------------------------------------
    def join_by_typing(self, url: str, code: str, group: str) -> None:
        """The join page, typing the code read off the projector."""
        self.page.goto(f"{url}/join")
        self.page.get_by_label("Class code").fill(code.lower())
        self.page.get_by_role("button", name="Next").tap()
        self._take_seat(group)

    def join_by_link(self, url: str, code: str, group: str, screenshot: Path | None = None) -> None:
        """The join page with the code in the URL (the QR code's link)."""
        self.page.goto(f"{url}/join?code={code}")
        self._take_seat(group, screenshot)

    def _take_seat(self, group: str, screenshot: Path | None = None) -> None:
        # The label also lists who already sits there: match the group name at its start.
        self.page.get_by_role("radio", name=re.compile(rf"^{re.escape(group)}\b")).check()
        self.page.get_by_label("Nickname").fill(self.nickname)
        if screenshot is not None:
            self.page.screenshot(path=str(screenshot), full_page=True)
        self.page.get_by_role("button", name="Join").tap()
        expect(self.page).to_have_url(re.compile(r"/play$"))
        expect(self.page.locator("#game")).to_be_visible()

    # --- reading the page ------------------------------------------------------------------
    def hand(self) -> list[str]:
        """The cards of the hand, as shown."""
        return self.page.locator("#hand button[data-card]").evaluate_all(
            "buttons => buttons.map(b => b.dataset.card)"
        )

    def mainline(self) -> list[str]:
        """The mainline cards' spoken names, oldest first."""
        return self.page.locator("#layout .column > .mainline").evaluate_all(
            "cards => cards.map(c => c.getAttribute('aria-label'))"
        )

    def last_mainline_is_red(self) -> bool:
        """Whether the newest mainline card is drawn as a red card."""
        newest = self.page.locator("#layout .column > .mainline").last
        return "red" in (newest.get_attribute("class") or "").split()

    def hand_counts(self) -> dict[str, int]:
        """Nickname to number of cards, from the players table."""
        rows = self.page.locator("#players tr[data-nickname]")
        return {
            row.get_attribute("data-nickname") or "": int(row.locator("td").first.inner_text())
            for row in rows.all()
        }

    def final_scores(self) -> dict[str, tuple[int, int, bool]]:
        """Nickname to (cards, score, highlighted as winner), from the round-over table."""
        rows = self.page.locator("#final-scores tr[data-nickname]")
        result = {}
        for row in rows.all():
            cells = row.locator("td")
            result[row.get_attribute("data-nickname") or ""] = (
                int(cells.nth(0).inner_text()),
                int(cells.nth(1).inner_text()),
                "winner" in (row.get_attribute("class") or ""),
            )
        return result

    def states(self) -> list[dict[str, Any]]:
        """Every `state` payload received so far."""
        return [payload for name, payload in self.received if name == "state"]

    def is_my_turn(self) -> bool:
        """Whether the 'Your turn' banner shows."""
        return self.page.locator("#turn-banner").is_visible()

    # --- acting ----------------------------------------------------------------------------
    def play(self, card: str) -> None:
        """Tap a card (it shows as selected), then Play."""
        button = self.page.locator(f'#hand button[data-card="{card}"]').first
        button.tap()
        expect(button).to_have_attribute("aria-pressed", "true")
        self.page.locator("#play-button").tap()

    def no_play(self) -> None:
        """Tap No play, then confirm it in the page's dialog."""
        self.page.get_by_role("button", name="No play").tap()
        dialog = self.page.get_by_role("dialog", name="No play?")
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name="Yes, no card fits").tap()
        expect(dialog).to_be_hidden()

    def wake(self) -> None:
        """Its screen comes back on: the page asks for what it missed and gets a fresh state."""

        def fresh_state(frame: str | bytes) -> bool:
            return isinstance(frame, str) and '["state",' in frame

        with self.socket.expect_event("framereceived", predicate=fresh_state):
            self.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")

    def screenshot(self, name: str, folder: Path) -> None:
        """Save a screenshot of the whole page."""
        self.page.screenshot(path=str(folder / f"{name}.png"), full_page=True)

    def seat_token(self) -> str:
        """The seat token the page keeps in localStorage."""
        token: str = self.page.evaluate("localStorage.getItem('eleusis.seat')")
        return token


class SeatBot:
    """A second connection to a tablet's seat over Socket.IO, to play many cards fast."""

    def __init__(self, url: str, token: str):
        self.view: dict[str, Any] = {}
        self.client = socketio.Client(reconnection=False)
        self.client.on("state", self._state, namespace="/play")
        self.client.connect(
            url,
            namespaces=["/play"],
            auth={"token": token, "round": 0, "last_seq": 0},
            transports=["websocket"],
            wait_timeout=10,
        )

    def _state(self, view: dict[str, Any]) -> None:
        self.view = view

    def refresh(self) -> dict[str, Any]:
        """The seat's view as the server has it now."""
        position = {"round": self.view.get("round", 0), "last_seq": self.view.get("seq", 0)}
        self.client.call("resync", position, namespace="/play", timeout=10)
        return self.view

    def act(self, kind: str, **fields: str) -> None:
        """Play, declare no play, guess or pass; the server must accept it."""
        payload = {"type": kind, "action_id": uuid.uuid4().hex, **fields}
        reply = self.client.call("act", payload, namespace="/play", timeout=10)
        assert reply and reply.get("ok"), reply

    def close(self) -> None:
        """Hang up."""
        self.client.disconnect()


def hang_up(bots: Iterable[SeatBot]) -> None:
    """Hang up every bot. One hang-up waits for its socket's threads to end (about two
    seconds), so the bots hang up side by side."""
    threads = [threading.Thread(target=bot.close) for bot in bots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


class Teacher:
    """The teacher's laptop: logged in on the real login page, driving the class page."""

    def __init__(self, browser: Browser, url: str, login: tuple[str, str]):
        self.url = url
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.page = self.context.new_page()
        self.page.goto(f"{url}/teacher/login")
        self.page.get_by_label("Username").fill(login[0])
        self.page.get_by_label("Password").fill(login[1])
        self.page.get_by_role("button", name="Log in").click()
        expect(self.page).to_have_url(re.compile(r"/teacher/$"))

    def create_class(
        self, name: str, groups: list[tuple[str, str]], *, predicts: bool = False
    ) -> tuple[str, list[int]]:
        """A class with these (group name, written rule) pairs; returns its join code and the
        group ids, and leaves the class page open. Everyone-predicts (on in the form) is turned
        off unless `predicts`: these tests judge every play at once."""
        self.page.goto(f"{self.url}/teacher/classes/new?groups={len(groups)}")
        self.page.get_by_label("Class name").fill(name)
        self.page.locator("#class-form input[name=everyone_predicts]").set_checked(predicts)
        rows = self.page.locator("fieldset.group-row")
        expect(rows).to_have_count(len(groups))
        for row, (group, rule) in zip(rows.all(), groups, strict=True):
            row.get_by_label("Group name").fill(group)
            row.get_by_label("Write my own").check()
            row.get_by_label("Your rule").fill(rule)
        self.page.get_by_role("button", name="Create the class").click()
        expect(self.page).to_have_url(re.compile(r"/teacher/classes/\d+"))
        code = self.page.locator(".join-code").inner_text().strip()
        panels = self.page.locator("section.panel[data-group-id]")
        expect(panels).to_have_count(len(groups))
        ids = [int(panel.get_attribute("data-group-id") or 0) for panel in panels.all()]
        return code, ids

    def start_round(self, group_id: int) -> None:
        """Deal a round in one group with its panel's button."""
        panel = self.page.locator(f"#group-{group_id}")
        panel.get_by_role("button", name="Start round").click()
        expect(self.page.locator(f"#group-{group_id}").locator(".mainline")).to_be_visible()

    def judge_guess(self, group_id: int, right: bool) -> None:
        """The verdict on the group's pending guess, which arrives on the open class page."""
        guess = self.page.locator(f"#guess-{group_id}")
        guess.get_by_role("button", name="Right" if right else "Wrong").click()
        expect(self.page.locator(f"#guess-{group_id}")).to_have_count(0)

    def give_hint(self, group_id: int, text: str) -> None:
        """A hint for one group."""
        panel = self.page.locator(f"#group-{group_id}")
        panel.get_by_placeholder("A hint for this group").fill(text)
        panel.get_by_role("button", name="Give hint").click()
        expect(self.page.locator(f"#group-{group_id}").get_by_text(text)).to_be_visible()

    def submit(self, action_suffix: str, fields: dict[str, str] | None = None) -> None:
        """Send the class page's form whose action ends so, without its confirmation step.

        A live update can replace the panel just as its form is sent, and a form no longer in
        the page sends nothing: then it is found and sent again (the forms used here say what
        they want, "on=0", so sending one twice changes nothing more).
        """
        for attempt in range(3):
            form = self.page.locator(f'form[action$="{action_suffix}"]').first
            try:
                with self.page.expect_navigation(timeout=10_000):
                    self._send(form, fields or {})
                return
            except PlaywrightTimeout:
                if attempt == 2:
                    raise
            except PlaywrightError as error:
                # The page reloaded itself (ending a class reloads the teacher's pages) while
                # the form's own navigation was under way: that reload is the answer, and a
                # form no longer offered has done its work.
                if "ERR_ABORTED" not in str(error) or attempt == 2:
                    raise
                self.page.wait_for_load_state()
                if self.page.locator(f'form[action$="{action_suffix}"]').count() == 0:
                    return

    @staticmethod
    def _send(form: Any, fields: dict[str, str]) -> None:
        form.evaluate(
            """(form, fields) => {
                for (const [name, value] of Object.entries(fields)) {
                    const input = form.querySelector(`[name="${name}"]`);
                    if (input) input.value = value;
                }
                HTMLFormElement.prototype.submit.call(form);
            }""",
            fields,
        )

    @property
    def class_id(self) -> int:
        """The id of the class whose page is open."""
        found = re.search(r"/teacher/classes/(\d+)", self.page.url)
        assert found, self.page.url
        return int(found.group(1))

    def reveal_rule(self, group_id: int) -> None:
        """Show the group's secret rule to its students."""
        panel = self.page.locator(f"#group-{group_id}")
        panel.get_by_role("button", name="Reveal rule").click()
        expect(
            self.page.locator(f"#group-{group_id}").get_by_role("button", name="Hide rule")
        ).to_be_visible()
