// Guesses in words: one question per distinct text, answers kept, failures asked again later.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { RETRY_MS, createGuessWords } from "../../classroom/static/js/tablet/guess_words.js";

const BUILT = "card.color != prev.color";
const TYPED = "red after black, I think";

/** A server that answers later, when the test says so; it counts the questions. */
function server() {
  const waiting = [];
  const asked = [];
  return {
    asked,
    ask(text, done) {
      asked.push(text);
      waiting.push({ text, done });
    },
    answer(reply) {
      const { text, done } = waiting.shift();
      done(typeof reply === "function" ? reply(text) : reply);
    },
  };
}

describe("createGuessWords", () => {
  it("asks once per text while the answer is awaited, then keeps it", () => {
    const talk = server();
    const words = createGuessWords(talk.ask);
    const learnt = [];
    words.onLearnt((text) => learnt.push(text));
    assert.equal(words.wordsOf(BUILT), undefined);
    assert.equal(words.wordsOf(BUILT), undefined);
    assert.deepEqual(talk.asked, [BUILT]);
    talk.answer({ ok: true, words: "Take turns: red and black." });
    assert.deepEqual(learnt, [BUILT]);
    assert.equal(words.wordsOf(BUILT), "Take turns: red and black.");
    assert.deepEqual(talk.asked, [BUILT]);
  });

  it("keeps that a typed guess has no words, and asks nothing for it again", () => {
    const talk = server();
    const words = createGuessWords(talk.ask);
    words.wordsOf(TYPED);
    talk.answer({ ok: true, words: null });
    assert.equal(words.wordsOf(TYPED), null);
    assert.equal(words.wordsOf(""), null);
    assert.deepEqual(talk.asked, [TYPED]);
  });

  it("asks again only some time after a refusal or no answer", () => {
    let clock = 1000;
    const talk = server();
    const words = createGuessWords(talk.ask, () => clock);
    words.wordsOf(BUILT);
    talk.answer({ ok: false, error: "Slow down a little." });
    clock += RETRY_MS - 1;
    assert.equal(words.wordsOf(BUILT), undefined);
    assert.equal(talk.asked.length, 1);
    clock += 1;
    words.wordsOf(BUILT);
    talk.answer(null);
    assert.equal(talk.asked.length, 2);
    clock += RETRY_MS;
    words.wordsOf(BUILT);
    talk.answer({ ok: true, words: "Take turns: red and black." });
    assert.equal(words.wordsOf(BUILT), "Take turns: red and black.");
    assert.equal(talk.asked.length, 3);
  });
});
