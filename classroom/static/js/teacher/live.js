// The class page, live: when a group changes, its panel (and the list of guesses to judge) is
// fetched again from the server and swapped in, keeping whatever the teacher is typing.
// Socket.IO tells us which group changed; without it (or while it is down) we poll. A tablet
// coming or going ("presence") redraws the panels' online dots; "checked" (the checker has an
// answer on a guess) fetches the guesses again; "class_ended" reloads the page, which then shows
// the ended class without any button.

import { groupsBehind } from "../shared/beacon.js";

const POLL_MS = 10000;
// When a bell rings many tablets come and go at once: their dots are redrawn once.
const PRESENCE_MS = 500;
// Several events for one group in a burst (a play and its verdict) make one refresh.
const BURST_MS = 120;
// A panel waiting to offer its settle buttons is redrawn just after its away time has passed.
const SETTLE_MARGIN_MS = 300;

function parse(html) {
  return new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
}

/** Typed text, open <details> and focus survive the swap (matched by element id). */
function keepState(oldNode, newNode) {
  for (const field of oldNode.querySelectorAll("input[id], textarea[id]")) {
    const twin = newNode.querySelector(`#${CSS.escape(field.id)}`);
    if (twin && field.value !== field.defaultValue) twin.value = field.value;
  }
  for (const box of oldNode.querySelectorAll("details[id]")) {
    const twin = newNode.querySelector(`#${CSS.escape(box.id)}`);
    if (twin) twin.open = box.open;
  }
}

function swap(oldNode, html) {
  const fresh = parse(html);
  // Not the fragment we asked for (e.g. the login page after the session ended).
  if (!fresh || fresh.id !== oldNode.id) return;
  const active = document.activeElement;
  const focusId = active && oldNode.contains(active) ? active.id : "";
  const selection = focusId && "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : null;
  keepState(oldNode, fresh);
  oldNode.replaceWith(fresh);
  const again = focusId ? document.getElementById(focusId) : null;
  if (!again) return;
  again.focus();
  if (selection && again.setSelectionRange) {
    try {
      again.setSelectionRange(selection[0], selection[1]);
    } catch {
      // Not a text field.
    }
  }
}

// The refreshes under way. Once a form is on its way they are called off: an answer asked for
// before the form's own answer, arriving after it, must not swap an old view in.
const fetching = new Set();

/** Call off every refresh under way (a form is leaving the page). */
function callOffRefreshes() {
  for (const controller of fetching) controller.abort();
  fetching.clear();
}

/** Fetch the fragment at `url` and put it in place of `node`. */
function refresh(node, url) {
  if (!node || !url) return Promise.resolve();
  const id = node.id;
  const controller = new AbortController();
  fetching.add(controller);
  const options = { credentials: "same-origin", headers: { Accept: "text/html" } };
  return fetch(url, { ...options, signal: controller.signal })
    .then((response) => {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    })
    .then((html) => {
      const current = document.getElementById(id);
      if (current && !controller.signal.aborted) swap(current, html);
    })
    .finally(() => fetching.delete(controller));
}

function start() {
  const page = document.getElementById("class-page");
  if (!page || !window.fetch || !window.DOMParser) return;
  const classId = Number(page.dataset.classId);
  const notice = document.getElementById("live-status");
  let presenceTimer = null;
  // A panel is not swapped under a pressed button (the click would be lost), nor once a form
  // is on its way (the page is leaving; a reload would cut that navigation short).
  let pressing = false;
  let leaving = false;
  document.addEventListener("pointerdown", () => (pressing = true), true);
  document.addEventListener("pointerup", () => (pressing = false), true);
  document.addEventListener("pointercancel", () => (pressing = false), true);
  document.addEventListener("submit", (event) => {
    const target = event.target.getAttribute("target");
    leaving = !target || target === "_self"; // a form opening another tab leaves nothing
    if (leaving) callOffRefreshes();
  });
  window.addEventListener("pageshow", () => (leaving = false));
  const timers = {};
  let pollTimer = null;

  const say = (text) => {
    if (!notice) return;
    notice.textContent = text || "";
    notice.hidden = !text;
  };

  // A call or a verdict waits on an offline tablet, not yet for the away time: nothing will
  // change in the log when that time has passed, so the page redraws the panel itself then,
  // and the server draws the buttons that settle it.
  const settleTimers = {};
  const watchSettle = () => {
    for (const wait of page.querySelectorAll("[data-settle-in]")) {
      const panel = wait.closest("[data-group-id]");
      if (!panel) continue;
      const groupId = panel.dataset.groupId;
      const delay = Number(wait.dataset.settleIn) * 1000 + SETTLE_MARGIN_MS;
      window.clearTimeout(settleTimers[groupId]);
      settleTimers[groupId] = window.setTimeout(() => schedule(groupId), delay);
    }
  };

  const refreshGroup = (groupId) => {
    if (leaving) return Promise.resolve();
    if (pressing) {
      schedule(groupId);
      return Promise.resolve();
    }
    const panel = document.getElementById(`group-${groupId}`);
    return refresh(panel, panel && panel.dataset.panelUrl).then(watchSettle);
  };

  const refreshGuesses = () =>
    leaving ? Promise.resolve() : refresh(document.getElementById("pending"), page.dataset.guessesUrl);

  const scheduleGuesses = () => {
    window.clearTimeout(timers.guesses);
    timers.guesses = window.setTimeout(() => {
      refreshGuesses().catch(() => {
        // The next event or poll tries again.
      });
    }, BURST_MS);
  };

  const schedule = (groupId) => {
    window.clearTimeout(timers[groupId]);
    timers[groupId] = window.setTimeout(() => {
      refreshGroup(groupId).catch(() => {
        // The next event or poll tries again.
      });
    }, BURST_MS);
    scheduleGuesses();
  };

  const refreshAll = () => {
    for (const panel of page.querySelectorAll("[data-group-id]")) schedule(panel.dataset.groupId);
  };

  const poll = (on) => {
    window.clearInterval(pollTimer);
    pollTimer = on
      ? window.setInterval(() => {
          if (document.visibilityState === "visible") refreshAll();
        }, POLL_MS)
      : null;
  };

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refreshAll();
  });
  watchSettle();

  if (typeof window.io !== "function") {
    poll(true);
    return;
  }
  const socket = window.io("/teach");
  // Where the page knows each group to stand ([round, seq]), against the server's beacons.
  const known = new Map();
  const learn = (view) => {
    if (view && view.group) known.set(String(view.group.id), [view.round || 0, view.seq || 0]);
  };
  socket.on("connect", () => {
    socket.emit("watch", { class_id: classId }, (answer) => {
      if (!answer || !answer.ok) {
        poll(true);
        return;
      }
      (answer.groups || []).forEach(learn);
      say("");
      page.dataset.live = "watching"; // pushes arrive from now on
      poll(false);
      refreshAll(); // catch up on anything between the page's render (or a drop) and now
    });
  });
  socket.on("disconnect", () => {
    delete page.dataset.live;
    say(page.dataset.offline);
    poll(true);
  });
  socket.on("presence", () => {
    window.clearTimeout(presenceTimer);
    presenceTimer = window.setTimeout(refreshAll, PRESENCE_MS);
  });
  socket.on("class_ended", () => {
    if (!leaving) window.location.reload();
  });
  // The checker finished comparing a guess with the secret rule: the list of guesses shows
  // its answer instead of "checking...".
  socket.on("checked", scheduleGuesses);
  socket.on("group", (view) => {
    if (view && view.group && typeof view.group.id === "number") {
      learn(view);
      schedule(view.group.id);
    }
  });
  // A change whose push was lost: the beacon says the group moved on, its panel is redrawn.
  socket.on("beacon", (beacon) => {
    for (const groupId of groupsBehind(known, beacon)) schedule(groupId);
  });
}

start();
