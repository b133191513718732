// The words of the page. They are rendered (and translated) by the server into a JSON block,
// so this script holds no user-facing English of its own. Placeholders look like {name}.

let words = {};

/** Read the words from the page's JSON block. */
export function loadText(element) {
  words = element ? JSON.parse(element.textContent) : {};
}

/** Add the words of another JSON block (a part of the page with words of its own). */
export function addText(element) {
  if (element) words = { ...words, ...JSON.parse(element.textContent) };
}

/** The word for `key`, with {placeholders} filled from `params`, as a plain string. */
export function t(key, params = {}) {
  return format(words[key] ?? key, params);
}

/** `template` with its {placeholders} filled from `params`; unknown ones are left as they are. */
export function format(template, params = {}) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Like t(), but parameters may be DOM nodes: returns a list of strings and nodes to append. */
export function tNodes(key, params = {}) {
  const template = String(words[key] ?? key);
  const parts = [];
  let last = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    parts.push(template.slice(last, match.index));
    parts.push(match[1] in params ? params[match[1]] : match[0]);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return parts.filter((part) => part !== "");
}

// Words with a number. gettext knows each language's plural forms, the page does not: the
// server renders each such text with ngettext for a few sample numbers, and the language's
// plural rules (Intl.PluralRules, the CLDR categories gettext's forms follow) sort the samples
// into categories, so that "{n} penalty cards" is said "{n} karty" for 2 and "{n} kart" for 5.
let rules = new Intl.PluralRules("en");

/**
 * `{key}_{category}` words from texts rendered for sample numbers (`{sample: {key: form}}`):
 * each category of `pluralRules` takes the form of its smallest sample.
 */
export function pluralWords(bySample, pluralRules) {
  const found = {};
  const samples = Object.keys(bySample).sort((a, b) => Number(a) - Number(b));
  for (const sample of samples) {
    const category = pluralRules.select(Number(sample));
    for (const [key, form] of Object.entries(bySample[sample])) {
      found[`${key}_${category}`] ??= form;
    }
  }
  return found;
}

/** Add the words with a number of the page's JSON block, in the plural forms of `language`. */
export function addPlurals(element, language = "en") {
  rules = new Intl.PluralRules(language);
  if (element) words = { ...words, ...pluralWords(JSON.parse(element.textContent), rules) };
}

/** The key of `key`'s form for the number `n` ("other" when the language lacks that form). */
function countedKey(key, n) {
  const wanted = `${key}_${rules.select(n)}`;
  return wanted in words ? wanted : `${key}_other`;
}

/** Like t(), for a text with a number: the form for `n`, with {n} filled. */
export function tn(key, n, params = {}) {
  return t(countedKey(key, n), { ...params, n });
}

/** Like tNodes(), for a text with a number: the form for `n`, with {n} filled. */
export function tnNodes(key, n, params = {}) {
  return tNodes(countedKey(key, n), { ...params, n });
}

/** Sentences one after the other: a space between two, none after a full stop that is a whole
 * character wide (Japanese leaves no space after 。). Empty parts are left out. */
export function sentences(parts) {
  return parts
    .filter(Boolean)
    .reduce((said, part) => (said && !/[。！？]$/u.test(said) ? `${said} ${part}` : `${said}${part}`), "");
}
