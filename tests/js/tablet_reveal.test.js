// Bringing the hand, Play and the outcome of a play into view: how far the page scrolls.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { nextBring, revealShift } from "../../classroom/static/js/tablet/reveal.js";

describe("revealShift", () => {
  it("is 0 for a band already on the screen", () => {
    assert.equal(revealShift({ top: 100, bottom: 500 }, 768, 8), 0);
  });

  it("scrolls down a band below the screen until its end shows", () => {
    assert.equal(revealShift({ top: 809, bottom: 1200 }, 768, 8), 1200 - 760);
  });

  it("scrolls up a band above the screen until its top shows", () => {
    assert.equal(revealShift({ top: -33, bottom: 49 }, 844, 8), -41);
  });

  it("shows the end of a band taller than the screen, where Play is", () => {
    assert.equal(revealShift({ top: -400, bottom: 900 }, 768, 8), 900 - 760);
    assert.equal(revealShift({ top: 0, bottom: 770 }, 768, 8), 10);
  });

  it("shows the start of a band taller than the screen when asked: the outcome above the hand", () => {
    assert.equal(revealShift({ top: 900, bottom: 1800 }, 768, 8, "start"), 892);
    assert.equal(revealShift({ top: -300, bottom: 900 }, 768, 8, "start"), -308);
  });
});

describe("nextBring", () => {
  it("brings the hand when the turn comes, and lets it go when the turn ends", () => {
    assert.equal(nextBring({ myTurn: false, bring: null }, true), "turn");
    assert.equal(nextBring({ myTurn: true, bring: "turn" }, true), "turn");
    assert.equal(nextBring({ myTurn: true, bring: null }, true), null);
    assert.equal(nextBring({ myTurn: true, bring: "turn" }, false), null);
  });

  it("keeps bringing the outcome of a play after the turn", () => {
    assert.equal(nextBring({ myTurn: true, bring: "outcome" }, false), "outcome");
    assert.equal(nextBring({ myTurn: false, bring: "outcome" }, false), "outcome");
  });

  it("brings a call or a verdict the table waits for from this tablet, until it is given", () => {
    // The prophet's call buttons appear: brought into view, even over an older outcome.
    assert.equal(nextBring({ myTurn: false, owing: false, bring: "outcome" }, false, true), "owed");
    assert.equal(nextBring({ myTurn: false, owing: true, bring: "owed" }, false, true), "owed");
    // Touched by the student meanwhile: left where the student put it.
    assert.equal(nextBring({ myTurn: false, owing: true, bring: null }, false, true), null);
    // Called: nothing more to bring.
    assert.equal(nextBring({ myTurn: false, owing: true, bring: "owed" }, false, false), null);
    // The student's own turn comes first.
    assert.equal(nextBring({ myTurn: false, owing: false, bring: null }, true, true), "turn");
  });
});
