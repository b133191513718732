// Guesses in words: a guess built by taps (a child's or a robot's) is rule language that
// children cannot read, but the server can say it in the builder's words, in the tablet's
// language. The page asks once per distinct text and keeps the answer: the seat's budget for
// these questions is small (60 a minute), and the same guesses are drawn at every update.

// A question that failed (no answer in time, the budget spent) is asked again this much later,
// at the next drawing after it: never in a loop against a refusing server.
export const RETRY_MS = 15000;

/**
 * The words of guesses, asked with `ask(text, done)` (`done(answer)` with the server's
 * `{ok, words}`, or null when no answer came). `now` gives the time in milliseconds.
 */
export function createGuessWords(ask, now = () => Date.now()) {
  const known = new Map(); // text -> its words, or null for text typed by hand
  const asking = new Set();
  const failedAt = new Map();
  const listeners = [];

  function answered(text, answer) {
    asking.delete(text);
    if (!answer || !answer.ok) {
      failedAt.set(text, now());
      return;
    }
    failedAt.delete(text);
    known.set(text, typeof answer.words === "string" && answer.words ? answer.words : null);
    for (const listener of listeners) listener(text);
  }

  return {
    /**
     * The words of `text`: a string, null when it has none (typed by hand), undefined while
     * not known (the server is asked, and the listeners hear when it answers).
     */
    wordsOf(text) {
      if (typeof text !== "string" || !text) return null;
      if (known.has(text)) return known.get(text);
      if (asking.has(text)) return undefined;
      const failed = failedAt.get(text);
      if (failed !== undefined && now() - failed < RETRY_MS) return undefined;
      asking.add(text);
      ask(text, (answer) => answered(text, answer));
      return undefined;
    },
    /** Call `listener(text)` whenever the words of a text become known. */
    onLearnt(listener) {
      listeners.push(listener);
    },
  };
}
