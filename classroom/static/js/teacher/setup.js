// The class form, enhanced: rows follow the group count without a reload, the library lists
// filter in place, the chosen rule's figures appear, and written rules are checked as you type.
// Without this script the page still works: the GET form redraws rows, the server checks rules.

import { fill, h } from "../shared/dom.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const CHECK_DELAY_MS = 350;

function cardNode(text) {
  const suit = text.slice(-1);
  const red = suit === "H" || suit === "D";
  return h("span", { class: `pcard ${red ? "red" : "black"}` }, text.slice(0, -1) + (SUITS[suit] || suit));
}

/** A rule's figures (mean, range, dead ends), its example and its warnings, as nodes. */
function figuresNodes(report, t) {
  const rows = [
    [t.tMean, `${report.figures.mean}%`],
    [t.tRange, `${report.figures.min}–${report.figures.max}%`],
    [t.tDead, `${report.figures.dead_ends}%`],
  ];
  const terms = rows.map(([term, value]) => h("div", {}, h("dt", {}, term), h("dd", {}, value)));
  const nodes = [h("dl", { class: "figures" }, terms)];
  if (report.example && report.example.length) {
    nodes.push(
      h(
        "p",
        { class: "example" },
        h("span", { class: "label" }, t.tExample),
        report.example.map((card) => [" ", cardNode(card)]),
      ),
    );
  }
  for (const warning of report.warnings || []) nodes.push(h("p", { class: "warning" }, warning));
  return nodes;
}

function start() {
  const form = document.getElementById("class-form");
  const settings = document.getElementById("row-settings");
  if (!form || !settings || !window.fetch) return;
  const rowsBox = document.getElementById("group-rows");
  const t = form.dataset;
  const names = JSON.parse(t.names || "[]");
  const csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  let library = null;

  // --- the chosen library rule ---------------------------------------------------------------
  const showLibraryRule = (row) => {
    const select = row.querySelector("[data-library-select]");
    const box = row.querySelector("[data-rule-info]");
    if (!select || !box || !select.value) return;
    const wanted = select.value;
    fetch(t.ruleUrl.replace("RULE_ID", encodeURIComponent(wanted)), { credentials: "same-origin" })
      .then((response) => response.json())
      .then((info) => {
        if (!info.ok || select.value !== wanted) return;
        const title = h(
          "p",
          { class: "rule-title" },
          h("strong", {}, info.title),
          ` · ${t.tDifficulty} ${info.difficulty}`,
          info.bad_design ? [" ", h("span", { class: "badge" }, t.tPoor)] : null,
        );
        fill(
          box,
          title,
          h("p", { class: "rule-plain" }, info.text),
          h("code", { class: "rule-code" }, info.canonical),
          figuresNodes(info, t),
        );
      })
      .catch(() => {
        // The server-side text stays.
      });
  };

  // --- filtering the library lists -----------------------------------------------------------
  const matches = (rule) => {
    const difficulty = settings.elements.difficulty.value;
    const concept = settings.elements.concept.value;
    return (!difficulty || String(rule.difficulty) === difficulty) && (!concept || rule.concepts.includes(concept));
  };

  const refilter = () => {
    if (!library) return;
    for (const select of form.querySelectorAll("[data-library-select]")) {
      const labels = {};
      for (const option of select.options) labels[option.value] = option.textContent;
      const chosen = select.value;
      const options = library
        .filter((rule) => rule.id === chosen || matches(rule))
        .map((rule) => {
          const label = labels[rule.id] || `${rule.title} (${t.tDifficulty} ${rule.difficulty})`;
          const option = h("option", {}, label);
          option.value = rule.id;
          option.selected = rule.id === chosen;
          return option;
        });
      fill(select, options);
    }
  };

  const loadLibrary = () =>
    fetch(t.libraryUrl, { credentials: "same-origin" })
      .then((response) => response.json())
      .then((rules) => {
        library = rules;
      });

  // --- written rules, checked as you type ----------------------------------------------------
  const checkRule = (row) => {
    const editor = row.querySelector("[data-rule-editor]");
    const box = row.querySelector("[data-rule-check]");
    const text = editor.value;
    for (const node of row.querySelectorAll('[data-part="custom"] .field .error')) node.remove();
    if (!text.trim()) {
      fill(box);
      return;
    }
    fill(box, h("p", { class: "hint" }, t.tChecking));
    fetch(t.checkUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ text }),
    })
      .then((response) => response.json())
      .then((report) => {
        if (editor.value !== text) return; // a newer check is on its way
        if (report.ok) {
          const ok = h("p", { class: "ok" }, `✓ ${t.tCompiles} `, h("code", { class: "rule-code" }, report.canonical));
          fill(box, ok, figuresNodes(report, t));
          return;
        }
        const where = report.line ? `${t.tWhere.replace("{line}", report.line).replace("{column}", report.column)} ` : "";
        fill(
          box,
          h("p", { class: "error" }, where + report.error),
          report.excerpt ? h("pre", { class: "rule-excerpt" }, report.excerpt) : null,
        );
      })
      .catch(() => fill(box, h("p", { class: "hint" }, t.tUnreachable)));
  };

  // --- rows ----------------------------------------------------------------------------------
  const showSource = (row) => {
    const checked = row.querySelector("[data-source]:checked");
    const source = checked ? checked.dataset.source : "library";
    for (const part of row.querySelectorAll("[data-part]")) part.hidden = part.dataset.part !== source;
  };

  const renumber = (row, index) => {
    for (const node of row.querySelectorAll("[id], [name], [for]")) {
      for (const attribute of ["id", "name", "for"]) {
        const value = node.getAttribute(attribute);
        if (value) node.setAttribute(attribute, value.replace(/^groups-\d+-/, `groups-${index}-`));
      }
    }
    row.querySelector("[data-row-number]").textContent = String(index + 1);
  };

  const wire = (row) => {
    let timer = null;
    for (const radio of row.querySelectorAll("[data-source]")) radio.addEventListener("change", () => showSource(row));
    row.querySelector("[data-library-select]").addEventListener("change", () => showLibraryRule(row));
    row.querySelector("[data-rule-editor]").addEventListener("input", () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => checkRule(row), CHECK_DELAY_MS);
    });
    showSource(row);
  };

  const blankRow = (template, index) => {
    const row = template.cloneNode(true);
    renumber(row, index);
    for (const node of row.querySelectorAll(".error, .rule-excerpt")) node.remove();
    for (const node of row.querySelectorAll(".has-error")) node.classList.remove("has-error");
    row.querySelector('input[name$="-name"]').value = names[index % names.length] || "";
    row.querySelector("[data-rule-editor]").value = "";
    fill(row.querySelector("[data-rule-check]"));
    const fromLibrary = row.querySelector('[data-source="library"]');
    if (fromLibrary) fromLibrary.checked = true;
    const express = row.querySelector('input[name$="-game"][value="express"]');
    if (express) express.checked = true;
    wire(row);
    showLibraryRule(row);
    return row;
  };

  const setCount = (count) => {
    const rows = rowsBox.querySelectorAll("[data-row]");
    if (!(count >= 1 && count <= Number(settings.elements.groups.max)) || !rows.length) return;
    for (let i = rows.length; i < count; i += 1) rowsBox.appendChild(blankRow(rows[rows.length - 1], i));
    for (let j = rows.length - 1; j >= count; j -= 1) rows[j].remove();
    const url = new URL(window.location.href);
    url.searchParams.set("groups", String(count));
    window.history.replaceState(null, "", url.toString());
  };

  for (const row of rowsBox.querySelectorAll("[data-row]")) wire(row);
  for (const node of settings.querySelectorAll("[data-no-js]")) node.hidden = true;
  settings.addEventListener("submit", (event) => event.preventDefault());
  settings.elements.groups.addEventListener("change", () => setCount(Number(settings.elements.groups.value)));
  for (const name of ["difficulty", "concept"]) {
    settings.elements[name].addEventListener("change", () => {
      const url = new URL(window.location.href);
      url.searchParams.set(name, settings.elements[name].value);
      window.history.replaceState(null, "", url.toString());
      refilter();
    });
  }
  loadLibrary()
    .then(refilter)
    .catch(() => {
      // The server-side lists stay.
    });
}

start();
