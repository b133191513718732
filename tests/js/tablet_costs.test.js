// What a mistake costs on the tablet: the numbers come from the table's game (the state's
// `penalties`), and a text with a number takes the plural form the page's language gives it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { addPlurals, loadText, pluralWords, tn } from "../../classroom/static/js/shared/text.js";
import { penaltyDrawn, prophetTookTheBlame, wrongNoPlayCost } from "../../classroom/static/js/tablet/costs.js";

const EXPRESS = { penalties: { per_wrong_card: 1, wrong_no_play: 1, new_hand_fewer: 1, most_cards_per_play: 1 } };
const NEW_ELEUSIS = { penalties: { per_wrong_card: 2, wrong_no_play: 5, new_hand_fewer: 4, most_cards_per_play: 4 } };

// What the server renders with ngettext for the sample numbers (templates/student/_tablet_plurals.html).
const POLISH = {
  0: { cost: "dobierzesz {n} kart karnych" },
  1: { cost: "dobierzesz {n} kartę karną" },
  2: { cost: "dobierzesz {n} karty karne" },
  3: { cost: "dobierzesz {n} karty karne" },
  5: { cost: "dobierzesz {n} kart karnych" },
  22: { cost: "dobierzesz {n} karty karne" },
};
const ENGLISH = { 0: { cost: "you draw {n} penalty cards" }, 1: { cost: "you draw {n} penalty card" } };
const block = (words) => ({ textContent: JSON.stringify(words) });

describe("pluralWords", () => {
  it("gives each plural category of the language the form of its smallest sample", () => {
    const words = pluralWords(POLISH, new Intl.PluralRules("pl"));
    assert.deepEqual(words, {
      cost_many: "dobierzesz {n} kart karnych",
      cost_one: "dobierzesz {n} kartę karną",
      cost_few: "dobierzesz {n} karty karne",
    });
  });

  it("gives Japanese its one form", () => {
    const words = pluralWords({ 1: { cost: "{n}枚" }, 5: { cost: "{n}枚" } }, new Intl.PluralRules("ja"));
    assert.deepEqual(words, { cost_other: "{n}枚" });
  });
});

describe("tn", () => {
  it("says a number in the form its language gives it", () => {
    loadText(block({}));
    addPlurals(block(POLISH), "pl");
    assert.equal(tn("cost", 1), "dobierzesz 1 kartę karną");
    assert.equal(tn("cost", 2), "dobierzesz 2 karty karne");
    assert.equal(tn("cost", 5), "dobierzesz 5 kart karnych");
    assert.equal(tn("cost", 12), "dobierzesz 12 kart karnych");
    assert.equal(tn("cost", 24), "dobierzesz 24 karty karne");
  });

  it("in English, one and other; a form the page lacks falls back to other", () => {
    loadText(block({}));
    addPlurals(block(ENGLISH), "en");
    assert.equal(tn("cost", 1), "you draw 1 penalty card");
    assert.equal(tn("cost", 5), "you draw 5 penalty cards");
    loadText(block({}));
    addPlurals(block({ 2: { cost: "{n} cards" } }), "en");
    assert.equal(tn("cost", 1), "1 cards");
  });

  it("fills the other placeholders too", () => {
    loadText(block({}));
    addPlurals(block({ 1: { drew: "{name} drew {n}" } }), "en");
    assert.equal(tn("drew", 1, { name: "Ana" }), "Ana drew 1");
  });
});

describe("penaltyDrawn", () => {
  const wrongString = { kind: "judged", seat: "1", cards: ["5H", "7D", "9S"], correct: false };
  const wrongNoPlay = { kind: "no_play_judged", seat: "1", right: false, card: "8C" };

  it("is what the table's game says: 1 card at Express, 2 per card of a New Eleusis string", () => {
    assert.equal(penaltyDrawn(EXPRESS, { kind: "judged", seat: "1", card: "5H", correct: false }), 1);
    assert.equal(penaltyDrawn(NEW_ELEUSIS, wrongString), 6);
    assert.equal(penaltyDrawn(NEW_ELEUSIS, { ...wrongString, cards: ["5H"] }), 2);
  });

  it("is 5 for a wrong New Eleusis no-play, 1 at Express", () => {
    assert.equal(penaltyDrawn(NEW_ELEUSIS, wrongNoPlay), 5);
    assert.equal(penaltyDrawn(EXPRESS, wrongNoPlay), 1);
    assert.equal(wrongNoPlayCost(NEW_ELEUSIS), 5);
    assert.equal(wrongNoPlayCost(EXPRESS), 1);
  });

  it("is nothing to say for a right play, a right no-play, or a no-play the prophet must point in", () => {
    assert.equal(penaltyDrawn(NEW_ELEUSIS, { ...wrongString, correct: true }), null);
    assert.equal(penaltyDrawn(NEW_ELEUSIS, { kind: "no_play_judged", seat: "1", right: true }), null);
    assert.equal(penaltyDrawn(NEW_ELEUSIS, { kind: "no_play_judged", seat: "1", right: false }), null);
  });

  it("is 0 when the verdict overthrew the prophet: the prophet takes the blame", () => {
    const overthrown = [{ kind: "deck_added" }, { kind: "overthrown", seat: "3" }];
    assert.equal(penaltyDrawn(NEW_ELEUSIS, wrongString, overthrown), 0);
    assert.equal(penaltyDrawn(NEW_ELEUSIS, wrongNoPlay, overthrown), 0);
  });

  it("is not lessened by a prophet overthrown on a later turn", () => {
    const later = [{ kind: "played", seat: "2", cards: ["2C"] }, { kind: "overthrown", seat: "3" }];
    assert.equal(prophetTookTheBlame(later), false);
    assert.equal(penaltyDrawn(NEW_ELEUSIS, wrongString, later), 6);
    assert.equal(prophetTookTheBlame([{ kind: "marked", count: 10 }, { kind: "expelled", seat: "1" }]), false);
  });
});
