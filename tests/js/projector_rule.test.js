// The projector's line of a revealed rule: a library rule in the words of the page's language.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { ruleWords } from "../../classroom/static/js/projector/rule.js";
import { loadText } from "../../classroom/static/js/shared/text.js";

const block = (words) => ({ textContent: JSON.stringify(words) });

describe("ruleWords", () => {
  it("says a library rule in the page's words, not in the rule language", () => {
    loadText(block({ "rule_words_even-cards-only": "Tylko parzyste karty." }));
    const group = { rule: "card.even", rule_id: "even-cards-only" };
    assert.equal(ruleWords(group), "Tylko parzyste karty.");
  });

  it("keeps a written rule, or one the page has no words for, as it is", () => {
    loadText(block({}));
    assert.equal(ruleWords({ rule: "card.rank > prev.rank", rule_id: null }), "card.rank > prev.rank");
    assert.equal(ruleWords({ rule: "card.odd", rule_id: "gone-from-library" }), "card.odd");
  });
});
