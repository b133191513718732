// The projector page: shows the class from the page itself at once, then follows it live over
// the /projector socket. It only listens; nothing here can change the game.

import { groupsBehind } from "../shared/beacon.js";
import { elements, show } from "../shared/dom.js";
import { RECONNECTION, resync } from "../shared/socket.js";
import { loadText, t } from "../shared/text.js";
import { setPageSeconds } from "./pages.js";
import { render } from "./render.js";

function say(els, message) {
  els.connection.textContent = message || "";
  show(els.connection, Boolean(message));
}

// A beacon's resync is asked again only after this long without an answer.
const BEACON_RETRY_MS = 5000;

/** Whether a tile of `shown` is at an earlier moment than the beacon says its group is. */
export function showsLessThan(shown, beacon) {
  const known = new Map((shown.groups || []).map((group) => [String(group.id), [group.round, group.seq]]));
  return groupsBehind(known, beacon).length > 0;
}

function connect(els, token, onView, shown) {
  if (typeof io !== "function") {
    say(els, t("no_library"));
    return;
  }
  const socket = io("/projector", { auth: { token }, ...RECONNECTION });
  let revoked = false;
  const stop = () => {
    revoked = true;
    socket.disconnect();
    say(els, t("revoked"));
  };
  socket.on("connect", () => say(els, ""));
  socket.on("disconnect", (reason) => {
    if (revoked) return;
    say(els, t("reconnecting"));
    if (reason === "io server disconnect") socket.connect();
  });
  socket.on("connect_error", () => {
    if (socket.active) say(els, t("reconnecting"));
    else stop(); // the server refused the token: a newer link replaced this one
  });
  socket.on("class", onView);
  socket.on("revoked", stop);
  // A change whose push was lost: the beacon says a group moved on; the page asks again.
  let beaconAsked = 0;
  socket.on("beacon", (beacon) => {
    if (revoked || !showsLessThan(shown(), beacon)) return;
    if (Date.now() - beaconAsked < BEACON_RETRY_MS) return;
    beaconAsked = Date.now();
    resync(socket, {});
  });
  document.addEventListener("visibilitychange", () => {
    if (revoked || document.visibilityState !== "visible") return;
    resync(socket, {});
  });
}

/**
 * The class view to show: `incoming`, except that a group whose tile in `shown` is from a later
 * moment (round, seq) keeps that tile. Broadcasts of simultaneous changes may cross.
 */
export function newest(shown, incoming) {
  const before = new Map((shown.groups || []).map((group) => [group.id, group]));
  const groups = incoming.groups.map((group) => {
    const old = before.get(group.id);
    const later = old && (old.round > group.round || (old.round === group.round && old.seq > group.seq));
    return later ? old : group;
  });
  return { ...incoming, groups };
}

/** Whether the class's language changed between the view shown and `incoming` (a page opened
 * in another language on purpose, with ?lang=, stays so until the class's language changes). */
export function languageChanged(shown, incoming) {
  return Boolean(shown.language && incoming.language && shown.language !== incoming.language);
}

function start() {
  const els = elements(document.getElementById("projector"));
  loadText(document.getElementById("projector-text"));
  let latest = JSON.parse(document.getElementById("projector-initial").textContent);
  setPageSeconds(Number(els.projector.dataset.pageSeconds));
  const draw = (view) => {
    if (languageChanged(latest, view)) {
      // Every word of the page comes with it, in the class's language: load it again.
      window.location.reload();
      return;
    }
    latest = newest(latest, view);
    render(latest, els);
  };
  draw(latest);
  // A resized window (or a projector plugged in) changes how many cards fit.
  window.addEventListener("resize", () => render(latest, els, { refit: true }));
  connect(els, els.projector.dataset.token, draw, () => latest);
  // Fonts can settle after the first paint: fit again once everything is loaded.
  window.addEventListener("load", () => render(latest, els, { refit: true }));
}

if (document.getElementById("projector-initial")) start();
