// The class page, live: when a group changes, its panel (and the list of guesses to judge) is
// fetched again from the server and swapped in, keeping whatever the teacher is typing.
// Socket.IO tells us which group changed; without it (or while it is down) we poll.
(function () {
  "use strict";

  var page = document.getElementById("class-page");
  if (!page || !window.fetch || !window.DOMParser) {
    return;
  }
  var classId = Number(page.dataset.classId);
  var notice = document.getElementById("live-status");
  var POLL_MS = 10000;
  var timers = {};
  var pollTimer = null;

  function say(text) {
    if (!notice) {
      return;
    }
    notice.textContent = text || "";
    notice.hidden = !text;
  }

  function parse(html) {
    return new DOMParser().parseFromString(html, "text/html").body.firstElementChild;
  }

  // Typed text, open <details> and focus survive the swap (matched by element id).
  function keepState(oldNode, newNode) {
    oldNode.querySelectorAll("input[id], textarea[id]").forEach(function (field) {
      var twin = newNode.querySelector("#" + CSS.escape(field.id));
      if (twin && field.value !== field.defaultValue) {
        twin.value = field.value;
      }
    });
    oldNode.querySelectorAll("details[id]").forEach(function (box) {
      var twin = newNode.querySelector("#" + CSS.escape(box.id));
      if (twin) {
        twin.open = box.open;
      }
    });
  }

  function swap(oldNode, html) {
    var fresh = parse(html);
    if (!fresh || fresh.id !== oldNode.id) {
      return; // not the fragment we asked for (e.g. the login page after the session ended)
    }
    var active = document.activeElement;
    var focusId = active && oldNode.contains(active) ? active.id : "";
    var selection = focusId && "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : null;
    keepState(oldNode, fresh);
    oldNode.replaceWith(fresh);
    var again = focusId ? document.getElementById(focusId) : null;
    if (again) {
      again.focus();
      if (selection && again.setSelectionRange) {
        try { again.setSelectionRange(selection[0], selection[1]); } catch (ignored) { /* not text */ }
      }
    }
  }

  function refresh(node, url) {
    if (!node || !url) {
      return Promise.resolve();
    }
    var id = node.id;
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.text();
      })
      .then(function (html) {
        var current = document.getElementById(id);
        if (current) {
          swap(current, html);
        }
      });
  }

  function refreshGroup(groupId) {
    var panel = document.getElementById("group-" + groupId);
    return refresh(panel, panel && panel.dataset.panelUrl);
  }

  function refreshGuesses() {
    return refresh(document.getElementById("pending"), page.dataset.guessesUrl);
  }

  // Several events for one group in a burst (a play and its verdict) make one refresh.
  function schedule(groupId) {
    window.clearTimeout(timers[groupId]);
    timers[groupId] = window.setTimeout(function () {
      refreshGroup(groupId).catch(function () { /* the next event or poll tries again */ });
    }, 120);
    window.clearTimeout(timers.guesses);
    timers.guesses = window.setTimeout(function () {
      refreshGuesses().catch(function () { /* idem */ });
    }, 120);
  }

  function refreshAll() {
    page.querySelectorAll("[data-group-id]").forEach(function (panel) {
      schedule(panel.dataset.groupId);
    });
  }

  function poll(on) {
    window.clearInterval(pollTimer);
    pollTimer = on ? window.setInterval(function () {
      if (document.visibilityState === "visible") {
        refreshAll();
      }
    }, POLL_MS) : null;
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      refreshAll();
    }
  });

  if (typeof window.io !== "function") {
    poll(true);
    return;
  }
  var socket = window.io("/teach");
  socket.on("connect", function () {
    socket.emit("watch", { class_id: classId }, function (answer) {
      if (!answer || !answer.ok) {
        poll(true);
        return;
      }
      say("");
      poll(false);
      refreshAll(); // catch up on anything between the page's render (or a drop) and now
    });
  });
  socket.on("disconnect", function () {
    say(page.dataset.offline);
    poll(true);
  });
  socket.on("group", function (view) {
    if (view && view.group && typeof view.group.id === "number") {
      schedule(view.group.id);
    }
  });
})();
