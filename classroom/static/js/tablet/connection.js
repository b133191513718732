// The tablet's link to its seat. Reconnecting is normal here: Wi-Fi drops, screens sleep,
// pages are reloaded. The seat token lives in localStorage, the socket.io client reconnects by
// itself, and every (re)connection says which round and event this tablet saw last, so the
// server sends exactly what was missed.

import { RECONNECTION, resync } from "../shared/socket.js";
import { isBehind, isOlder, receiveUpdate } from "./state.js";

// A beacon's resync is asked again only after this long without an answer.
const BEACON_RETRY_MS = 5000;
// A connection refused because the server was busy is tried again after this.
const BUSY_RETRY_MS = 2000;

const SEAT_KEY = "eleusis.seat";

/** The seat token: the page's (just joined) wins and is remembered; else the remembered one. */
export function seatToken(fromPage) {
  try {
    if (fromPage) {
      localStorage.setItem(SEAT_KEY, fromPage);
      return fromPage;
    }
    return localStorage.getItem(SEAT_KEY) || "";
  } catch {
    // Storage can be switched off (private browsing); the page's token still works.
    return fromPage || "";
  }
}

/** Forget the seat, once the server says it no longer exists. */
export function forgetSeat() {
  try {
    localStorage.removeItem(SEAT_KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Open the /play socket. `on` has: state(view), events(list), journal(entries), problem(message),
 * online(boolean), refused(message, reason) (reason: "class_ended", "seat_gone" or undefined),
 * connected() (after every successful (re)connection).
 */
export function openConnection(token, on) {
  const position = { round: 0, last_seq: 0 };
  const socket = io("/play", {
    // A function, so every reconnection sends the position as it is now.
    auth: (send) => send({ token, round: position.round, last_seq: position.last_seq }),
    ...RECONNECTION,
  });
  let refused = false;

  socket.on("connect", () => {
    on.online(true);
    on.connected();
  });
  socket.on("disconnect", (reason) => {
    on.online(false);
    if (reason === "io server disconnect") socket.connect(); // the server closed it: try again
  });
  socket.on("connect_error", (error) => {
    if (socket.active) {
      on.online(false); // a network problem: the client keeps trying
      return;
    }
    if (error && error.data && error.data.reason === "busy") {
      // The server is there but its database is restarting: try again in a moment.
      on.online(false);
      window.setTimeout(() => socket.connect(), BUSY_RETRY_MS);
      return;
    }
    refused = true; // the server said no: the seat is gone or the class has ended
    on.refused(error && error.message, error && error.data && error.data.reason);
  });
  // Said by the server to a tablet that is connected when its seat goes or its class ends.
  for (const [event, reason] of [["class_ended", "class_ended"], ["seat_removed", "seat_gone"]]) {
    socket.on(event, (notice) => {
      refused = true;
      socket.disconnect();
      on.refused(notice && notice.message, reason);
    });
  }
  let held = null; // the view last shown, which updates are drawn on
  let asked = false; // a resync is under way: its state will bring every missed update
  const show = (view) => {
    held = view;
    asked = false;
    position.round = view.round;
    position.last_seq = view.seq;
    on.state(view);
  };
  socket.on("state", (view) => {
    // Changes made at the same moment (another tablet, another server process) may arrive
    // out of order: a view older than the one shown is dropped, never drawn over it.
    if (isOlder(view, position)) return;
    show(view);
  });
  // After a change the server sends only the fields that changed, drawn on the view of
  // (round, base). A tablet that holds another view missed something: it asks for all of it.
  socket.on("update", (update) => {
    const { view, resync: missed } = receiveUpdate(held, position, update);
    if (view) {
      show(view);
    } else if (missed && !asked) {
      asked = true;
      socket.emit("resync", { ...position });
    }
  });
  // Every few seconds the server says where the group's log stands: a tablet behind it missed
  // a change (its announce was lost) and asks for what it missed, as after a reconnection.
  // The same beacon is not asked about again until a while has passed (its answer may be on
  // its way); a beacon further on is asked about at once.
  let beaconAsked = 0;
  let askedFor = null;
  socket.on("beacon", (beacon) => {
    if (!beacon || !isBehind(position, beacon)) return;
    const now = Date.now();
    const further = askedFor === null || isBehind(askedFor, beacon);
    if (!further && now - beaconAsked < BEACON_RETRY_MS) return;
    beaconAsked = now;
    askedFor = { round: beacon.round, last_seq: beacon.seq };
    resync(socket, { ...position });
  });
  socket.on("events", (list) => on.events(list));
  socket.on("journal", (entries) => on.journal(Array.isArray(entries) ? entries : []));
  socket.on("problem", (problem) => on.problem(problem && problem.message));

  const wake = () => {
    if (refused || document.visibilityState !== "visible") return;
    resync(socket, { ...position });
  };
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("pageshow", (event) => event.persisted && wake());
  window.addEventListener("online", () => {
    if (socket.connected) {
      // A short drop the socket itself never noticed: an action held meanwhile goes now.
      on.online(true);
      on.connected();
    }
    wake();
  });
  // The tablet knows at once when its own Wi-Fi goes; a dead link further away is found by
  // Engine.IO's ping (a few seconds).
  window.addEventListener("offline", () => on.online(false));

  return { socket, position };
}
