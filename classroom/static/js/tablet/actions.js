// Sending a play, no-play, guess or pass (event "act"), and the student dealer's rule choice and
// verdicts (events "choose_rule", "verdict"). Each action gets an id made here; if no answer comes
// in time (or the link drops), the SAME action is sent again with the SAME id, and the server
// applies it at most once. One action at a time: the buttons wait while one is in flight.

const ACK_TIMEOUT_MS = 6000;
const SLOW_AFTER_TRIES = 2;
// The server said "not now" (its database is restarting): the same action goes again after this.
const BUSY_RETRY_MS = 1500;

/** A random id; crypto.randomUUID needs HTTPS, which a classroom server often lacks. */
export function newActionId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Actions over `socket`. `on` has: busy(boolean), done(payload, reply, event),
 * failed(message, event), confirm(payload, message) (a verdict the rule contradicts, not
 * applied), slow() (still no answer after some tries), offline() (tapped with no connection:
 * the action waits for it).
 */
export function createActions(socket, on) {
  let inFlight = null;

  function attempt() {
    const current = inFlight;
    if (!current) return;
    if (!socket.connected || navigator.onLine === false) {
      on.offline(); // sent again on the next connection
      return;
    }
    current.tries += 1;
    const tryNumber = current.tries;
    if (tryNumber > SLOW_AFTER_TRIES) on.slow();
    socket.timeout(ACK_TIMEOUT_MS).emit(current.event, current.payload, (error, reply) => {
      if (inFlight !== current) return; // already answered (by an earlier try)
      if (error) {
        if (tryNumber === current.tries) attempt();
        return;
      }
      if (reply && reply.retry) {
        on.slow(); // nothing was applied: the same action (same id) is sent again shortly
        window.setTimeout(() => inFlight === current && attempt(), BUSY_RETRY_MS);
        return;
      }
      inFlight = null;
      on.busy(false);
      if (reply && reply.ok) on.done(current.payload, reply, current.event);
      else if (reply && reply.confirm) on.confirm(current.payload, reply.confirm);
      else on.failed(reply && reply.error, current.event);
    });
  }

  function start(event, payload) {
    if (inFlight) return false;
    inFlight = { event, payload: { action_id: newActionId(), ...payload }, tries: 0 };
    on.busy(true);
    attempt();
    return true;
  }

  return {
    /** Send a play, no-play, guess or pass unless an action is in flight; whether it was sent. */
    send(type, fields = {}) {
      return start("act", { type, ...fields });
    },
    /** Send a dealer's action (`event` is "choose_rule" or "verdict"), always with a new id. */
    sendAs(event, fields = {}) {
      return start(event, fields);
    },
    /** After a (re)connection: an unanswered action goes again, same id. */
    resend() {
      if (inFlight) attempt();
    },
    get busy() {
      return inFlight !== null;
    },
  };
}
