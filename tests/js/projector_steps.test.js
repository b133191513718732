// The size steps a projector tile goes through, and the search for the largest card that fits.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  largestFitting,
  mostSeatColumns,
  READABLE,
  SMALLEST,
  smallerCard,
  stepsFrom,
  TEXT_STEPS,
  textStart,
} from "../../classroom/static/js/projector/steps.js";

describe("stepsFrom", () => {
  it("shrinks the text first, then gives up the extras, then lays sidelines flat", () => {
    assert.deepEqual(stepsFrom(0), [
      { text: 0, compact: 0, flat: 0 },
      { text: 1, compact: 0, flat: 0 },
      { text: 2, compact: 0, flat: 0 },
      { text: 2, compact: 1, flat: 0 },
      { text: 2, compact: 1, flat: 1 },
    ]);
  });

  it("starts at the page's text size and always ends at the most given up", () => {
    const steps = stepsFrom(textStart("small"));
    assert.deepEqual(steps[0], { text: TEXT_STEPS - 1, compact: 0, flat: 0 });
    assert.equal(steps.length, 3);
    assert.deepEqual(steps.at(-1), { text: TEXT_STEPS - 1, compact: 1, flat: 1 });
  });
});

describe("textStart", () => {
  it("starts large text on pages of few tiles, and the largest for an unknown density", () => {
    assert.deepEqual(["large", "medium", "small", undefined].map(textStart), [0, 1, 2, 0]);
  });
});

describe("mostSeatColumns", () => {
  it("gives a column per seat, at least one and at most four", () => {
    assert.deepEqual([0, 1, 3, 4, 8].map(mostSeatColumns), [1, 1, 3, 4, 4]);
  });
});

describe("largestFitting", () => {
  it("finds the largest card step that fits", () => {
    for (const first of [0, 1, 4, 8, 9]) {
      assert.equal(largestFitting((step) => step >= first, READABLE), first);
    }
  });

  it("says null when not even the last step fits", () => {
    assert.equal(largestFitting(() => false, READABLE), null);
    assert.equal(largestFitting((step) => step > READABLE, READABLE), null);
  });

  it("measures few steps: the steps are halved", () => {
    const tried = [];
    const found = largestFitting((step) => {
      tried.push(step);
      return step >= 11;
    }, SMALLEST);
    assert.equal(found, 11);
    assert.ok(tried.length <= 1 + Math.ceil(Math.log2(SMALLEST + 1)), `${tried.length} measures`);
    assert.equal(tried[0], SMALLEST);
  });
});

describe("smallerCard", () => {
  it("shrinks a card by a tenth until it is at the least size", () => {
    assert.equal(smallerCard(20, 6), 18);
    assert.ok(Math.abs(smallerCard(6.5, 6) - 5.85) < 1e-9);
    assert.equal(smallerCard(6, 6), null);
    assert.equal(smallerCard(5, 6), null);
  });

  it("goes below the least size once, then stops", () => {
    const sizes = [];
    for (let size = smallerCard(40, 6); size !== null; size = smallerCard(size, 6)) sizes.push(size);
    assert.equal(sizes.length, 19);
    assert.ok(sizes.at(-2) > 6 && sizes.at(-1) < 6, `${sizes.at(-2)} then ${sizes.at(-1)}`);
  });
});
