// What the tablet and the projector do alike with their Socket.IO connection: how soon they
// reconnect, and how they make sure of it when the page comes back into view.

const RESYNC_TIMEOUT_MS = 5000;

/** The io() options of every page: reconnect within a second, then every five at most. */
export const RECONNECTION = { reconnectionDelay: 1000, reconnectionDelayMax: 5000 };

/**
 * Reconnect a socket that is down; ask one that looks connected to `resync` with `payload`,
 * and reconnect it when no answer comes soon (a socket that slept may look connected but be dead).
 */
export function resync(socket, payload) {
  if (!socket.connected) {
    socket.connect();
    return;
  }
  socket.timeout(RESYNC_TIMEOUT_MS).emit("resync", payload, (error) => {
    if (error && socket.io.engine) socket.io.engine.close();
  });
}
