// Sending a play, no-play, guess or pass. Each action gets an id made here; if no answer comes
// in time (or the link drops), the SAME action is sent again with the SAME id, and the server
// applies it at most once. One action at a time: the buttons wait while one is in flight.

const ACK_TIMEOUT_MS = 6000;
const SLOW_AFTER_TRIES = 2;

/** A random id; crypto.randomUUID needs HTTPS, which a classroom server often lacks. */
export function newActionId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Actions over `socket`. `on` has: busy(boolean), done(payload, reply), failed(message),
 * slow() (still no answer after some tries).
 */
export function createActions(socket, on) {
  let inFlight = null;

  function attempt() {
    const current = inFlight;
    if (!current || !socket.connected) return; // sent again on the next connection
    current.tries += 1;
    const tryNumber = current.tries;
    if (tryNumber > SLOW_AFTER_TRIES) on.slow();
    socket.timeout(ACK_TIMEOUT_MS).emit("act", current.payload, (error, reply) => {
      if (inFlight !== current) return; // already answered (by an earlier try)
      if (error) {
        if (tryNumber === current.tries) attempt();
        return;
      }
      inFlight = null;
      on.busy(false);
      if (reply && reply.ok) on.done(current.payload, reply);
      else on.failed(reply && reply.error);
    });
  }

  return {
    /** Send an action unless one is in flight; returns whether it was sent. */
    send(type, fields = {}) {
      if (inFlight) return false;
      inFlight = { payload: { action_id: newActionId(), type, ...fields }, tries: 0 };
      on.busy(true);
      attempt();
      return true;
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
