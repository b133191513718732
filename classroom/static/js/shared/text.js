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
