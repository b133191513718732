// Building DOM without innerHTML: every piece of data becomes a text node, so a nickname such
// as "<script>" is shown as those characters and never parsed as markup.

/** Create an element; props set attributes (class, dataset, on<event>), children are appended. */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

/** Append strings (as text) and nodes, skipping null, undefined and false. */
export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replace all children of `element`. */
export function fill(element, ...children) {
  while (element.firstChild) element.firstChild.remove();
  return append(element, children);
}

/** Show or hide an element with the hidden attribute (the CSP forbids inline styles). */
export function show(element, visible) {
  element.hidden = !visible;
}

/** "no-play-button" -> "noPlayButton". */
export function camelCase(id) {
  return id.replace(/-(\w)/g, (whole, letter) => letter.toUpperCase());
}

/**
 * The elements with an id in `root` (itself included), looked up once and keyed by their id in
 * camelCase: elements(page).noPlayButton is #no-play-button. An empty object without a root.
 */
export function elements(root) {
  const found = {};
  if (!root) return found;
  for (const element of [root, ...root.querySelectorAll("[id]")]) {
    if (element.id) found[camelCase(element.id)] = element;
  }
  return found;
}

/** The JSON in the page's block with this id, or null (none, or not JSON). */
export function readJson(id) {
  const block = document.getElementById(id);
  try {
    return block ? JSON.parse(block.textContent) : null;
  } catch {
    return null;
  }
}
