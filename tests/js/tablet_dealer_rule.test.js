// A student dealer reads the secret rule they picked in words, not in the rule language.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { dealerRule } from "../../classroom/static/js/tablet/dealer.js";

const TEXTS = { "even-cards-only": "Można zagrywać tylko karty parzyste." };

describe("dealerRule", () => {
  it("shows a library rule in the words of the tablet's language", () => {
    const view = { rule: "card.even", rule_id: "even-cards-only" };
    assert.equal(dealerRule(view, TEXTS), "Można zagrywać tylko karty parzyste.");
  });

  it("shows a rule the dealer wrote as they wrote it", () => {
    assert.equal(dealerRule({ rule: "card.odd", rule_id: null }, TEXTS), "card.odd");
    assert.equal(dealerRule({ rule: "tylko kiery", rule_id: null }, TEXTS), "tylko kiery");
  });
});
