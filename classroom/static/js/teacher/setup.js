// The class form, enhanced: rows follow the group count without a reload, the library lists
// filter in place, the chosen rule's figures appear, and written rules are checked as you type.
// Without this script the page still works: the GET form redraws rows, the server checks rules.
(function () {
  "use strict";

  var form = document.getElementById("class-form");
  var settings = document.getElementById("row-settings");
  if (!form || !settings || !window.fetch) {
    return;
  }
  var rowsBox = document.getElementById("group-rows");
  var t = form.dataset;
  var names = JSON.parse(t.names || "[]");
  var csrf = (document.querySelector('meta[name="csrf-token"]') || {}).content || "";
  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var library = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) {
      node.className = className;
    }
    if (text !== undefined && text !== null) {
      node.textContent = String(text);
    }
    return node;
  }

  function cardNode(text) {
    var suit = text.slice(-1);
    var red = suit === "H" || suit === "D";
    return el("span", "pcard " + (red ? "red" : "black"), text.slice(0, -1) + (SUITS[suit] || suit));
  }

  function figuresNodes(report) {
    var nodes = [];
    var list = el("dl", "figures");
    [
      [t.tMean, report.figures.mean + "%"],
      [t.tRange, report.figures.min + "–" + report.figures.max + "%"],
      [t.tDead, report.figures.dead_ends + "%"],
    ].forEach(function (pair) {
      var item = el("div");
      item.appendChild(el("dt", "", pair[0]));
      item.appendChild(el("dd", "", pair[1]));
      list.appendChild(item);
    });
    nodes.push(list);
    if (report.example && report.example.length) {
      var example = el("p", "example");
      example.appendChild(el("span", "label", t.tExample));
      report.example.forEach(function (card) {
        example.appendChild(document.createTextNode(" "));
        example.appendChild(cardNode(card));
      });
      nodes.push(example);
    }
    (report.warnings || []).forEach(function (warning) {
      nodes.push(el("p", "warning", warning));
    });
    return nodes;
  }

  function fill(box, nodes) {
    box.replaceChildren.apply(box, nodes);
  }

  // --- the chosen library rule ---------------------------------------------------------------
  function showLibraryRule(row) {
    var select = row.querySelector("[data-library-select]");
    var box = row.querySelector("[data-rule-info]");
    if (!select || !box || !select.value) {
      return;
    }
    var wanted = select.value;
    fetch(t.ruleUrl.replace("RULE_ID", encodeURIComponent(wanted)), { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (info) {
        if (!info.ok || select.value !== wanted) {
          return;
        }
        var title = el("p", "rule-title");
        title.appendChild(el("strong", "", info.title));
        title.appendChild(document.createTextNode(" · " + t.tDifficulty + " " + info.difficulty));
        if (info.bad_design) {
          title.appendChild(document.createTextNode(" "));
          title.appendChild(el("span", "badge", t.tPoor));
        }
        fill(box, [title, el("p", "rule-plain", info.text), el("code", "rule-code", info.canonical)]
          .concat(figuresNodes(info)));
      })
      .catch(function () { /* the server-side text stays */ });
  }

  // --- filtering the library lists -----------------------------------------------------------
  function matches(rule) {
    var difficulty = settings.elements.difficulty.value;
    var concept = settings.elements.concept.value;
    return (!difficulty || String(rule.difficulty) === difficulty) &&
      (!concept || rule.concepts.indexOf(concept) !== -1);
  }

  function refilter() {
    if (!library) {
      return;
    }
    form.querySelectorAll("[data-library-select]").forEach(function (select) {
      var labels = {};
      Array.prototype.forEach.call(select.options, function (option) {
        labels[option.value] = option.textContent;
      });
      var chosen = select.value;
      var options = library.filter(function (rule) {
        return rule.id === chosen || matches(rule);
      }).map(function (rule) {
        var label = labels[rule.id] || rule.title + " (" + t.tDifficulty + " " + rule.difficulty + ")";
        var option = el("option", "", label);
        option.value = rule.id;
        option.selected = rule.id === chosen;
        return option;
      });
      fill(select, options);
    });
  }

  function loadLibrary() {
    return fetch(t.libraryUrl, { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (rules) { library = rules; });
  }

  // --- written rules, checked as you type ----------------------------------------------------
  function checkRule(row) {
    var editor = row.querySelector("[data-rule-editor]");
    var box = row.querySelector("[data-rule-check]");
    var text = editor.value;
    row.querySelectorAll('[data-part="custom"] .field .error').forEach(function (node) {
      node.remove();
    });
    if (!text.trim()) {
      fill(box, []);
      return;
    }
    fill(box, [el("p", "hint", t.tChecking)]);
    fetch(t.checkUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ text: text }),
    })
      .then(function (response) { return response.json(); })
      .then(function (report) {
        if (editor.value !== text) {
          return; // a newer check is on its way
        }
        if (report.ok) {
          var ok = el("p", "ok", "✓ " + t.tCompiles + " ");
          ok.appendChild(el("code", "rule-code", report.canonical));
          fill(box, [ok].concat(figuresNodes(report)));
          return;
        }
        var nodes = [];
        var where = report.line ? t.tWhere.replace("{line}", report.line)
          .replace("{column}", report.column) + " " : "";
        nodes.push(el("p", "error", where + report.error));
        if (report.excerpt) {
          nodes.push(el("pre", "rule-excerpt", report.excerpt));
        }
        fill(box, nodes);
      })
      .catch(function () { fill(box, [el("p", "hint", t.tUnreachable)]); });
  }

  // --- rows ----------------------------------------------------------------------------------
  function showSource(row) {
    var checked = row.querySelector("[data-source]:checked");
    var source = checked ? checked.dataset.source : "library";
    row.querySelectorAll("[data-part]").forEach(function (part) {
      part.hidden = part.dataset.part !== source;
    });
  }

  function renumber(row, index) {
    row.querySelectorAll("[id], [name], [for]").forEach(function (node) {
      ["id", "name", "for"].forEach(function (attribute) {
        var value = node.getAttribute(attribute);
        if (value) {
          node.setAttribute(attribute, value.replace(/^groups-\d+-/, "groups-" + index + "-"));
        }
      });
    });
    row.querySelector("[data-row-number]").textContent = String(index + 1);
  }

  function blankRow(template, index) {
    var row = template.cloneNode(true);
    renumber(row, index);
    row.querySelectorAll(".error, .rule-excerpt").forEach(function (node) { node.remove(); });
    row.querySelectorAll(".has-error").forEach(function (node) { node.classList.remove("has-error"); });
    row.querySelector('input[name$="-name"]').value = names[index % names.length] || "";
    row.querySelector("[data-rule-editor]").value = "";
    fill(row.querySelector("[data-rule-check]"), []);
    var fromLibrary = row.querySelector('[data-source="library"]');
    if (fromLibrary) {
      fromLibrary.checked = true;
    }
    var express = row.querySelector('input[name$="-game"][value="express"]');
    if (express) {
      express.checked = true;
    }
    wire(row);
    showLibraryRule(row);
    return row;
  }

  function setCount(count) {
    var rows = rowsBox.querySelectorAll("[data-row]");
    if (!(count >= 1 && count <= Number(settings.elements.groups.max)) || !rows.length) {
      return;
    }
    for (var i = rows.length; i < count; i += 1) {
      rowsBox.appendChild(blankRow(rows[rows.length - 1], i));
    }
    for (var j = rows.length - 1; j >= count; j -= 1) {
      rows[j].remove();
    }
    var url = new URL(window.location.href);
    url.searchParams.set("groups", String(count));
    window.history.replaceState(null, "", url.toString());
  }

  function wire(row) {
    var timer = null;
    row.querySelectorAll("[data-source]").forEach(function (radio) {
      radio.addEventListener("change", function () { showSource(row); });
    });
    row.querySelector("[data-library-select]").addEventListener("change", function () {
      showLibraryRule(row);
    });
    row.querySelector("[data-rule-editor]").addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () { checkRule(row); }, 350);
    });
    showSource(row);
  }

  rowsBox.querySelectorAll("[data-row]").forEach(wire);
  settings.querySelectorAll("[data-no-js]").forEach(function (node) { node.hidden = true; });
  settings.addEventListener("submit", function (event) { event.preventDefault(); });
  settings.elements.groups.addEventListener("change", function () {
    setCount(Number(settings.elements.groups.value));
  });
  ["difficulty", "concept"].forEach(function (name) {
    settings.elements[name].addEventListener("change", function () {
      var url = new URL(window.location.href);
      url.searchParams.set(name, settings.elements[name].value);
      window.history.replaceState(null, "", url.toString());
      refilter();
    });
  });
  loadLibrary().then(refilter).catch(function () { /* the server-side lists stay */ });
})();
