// A revealed secret rule as the projector says it.

import { t } from "../shared/text.js";

/** A library rule in the words of the page's language (the page holds them by rule id); a
 * rule written at the table, or one the page has no words for, as it was written. */
export function ruleWords(group) {
  const key = `rule_words_${group.rule_id}`;
  const words = group.rule_id ? t(key) : key;
  return words === key ? group.rule : words;
}
