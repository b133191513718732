// The class page, live: when a group changes, its panel (and the list of guesses to judge) is
// fetched again from the server and swapped in, keeping whatever the teacher is typing.
// Socket.IO tells us which group changed; without it (or while it is down) we poll. A tablet
// coming or going ("presence") redraws the panels' online dots; "checked" (the checker has an
// answer on a guess) fetches the guesses again; "class_ended" reloads the page, which then shows
// the ended class without any button.
(function () {
  "use strict";

  var page = document.getElementById("class-page");
  if (!page || !window.fetch || !window.DOMParser) {
    return;
  }
  var classId = Number(page.dataset.classId);
  var notice = document.getElementById("live-status");
  var POLL_MS = 10000;
  // When a bell rings many tablets come and go at once: their dots are redrawn once.
  var PRESENCE_MS = 500;
  var presenceTimer = null;
  // A panel is not swapped under a pressed button (the click would be lost), nor once a form
  // is on its way (the page is leaving; a reload would cut that navigation short).
  var pressing = false;
  var leaving = false;
  // The refreshes under way. Once a form is on its way they are called off and no new one
  // starts: an answer asked for before the form's own answer, arriving after it, would carry
  // the session as it was and lose the message the form's answer left for the next page.
  var fetching = [];
  document.addEventListener("pointerdown", function () { pressing = true; }, true);
  document.addEventListener("pointerup", function () { pressing = false; }, true);
  document.addEventListener("pointercancel", function () { pressing = false; }, true);
  document.addEventListener("submit", function (event) {
    var target = event.target.getAttribute("target");
    leaving = !target || target === "_self"; // a form opening another tab leaves nothing
    if (leaving) {
      fetching.splice(0).forEach(function (controller) { controller.abort(); });
    }
  });
  window.addEventListener("pageshow", function () { leaving = false; });
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
    if (!node || !url || leaving) {
      return Promise.resolve();
    }
    var id = node.id;
    var controller = window.AbortController ? new AbortController() : null;
    var options = { credentials: "same-origin", headers: { Accept: "text/html" } };
    if (controller) {
      options.signal = controller.signal;
      fetching.push(controller);
    }
    function done() {
      var at = fetching.indexOf(controller);
      if (at >= 0) {
        fetching.splice(at, 1);
      }
    }
    return fetch(url, options)
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.text();
      })
      .then(function (html) {
        done();
        var current = document.getElementById(id);
        if (current && !leaving) {
          swap(current, html);
        }
      }, function (error) {
        done();
        throw error;
      });
  }

  function refreshGroup(groupId) {
    if (leaving) {
      return Promise.resolve();
    }
    if (pressing) {
      schedule(groupId);
      return Promise.resolve();
    }
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
      page.dataset.live = "watching"; // pushes arrive from now on
      poll(false);
      refreshAll(); // catch up on anything between the page's render (or a drop) and now
    });
  });
  socket.on("disconnect", function () {
    delete page.dataset.live;
    say(page.dataset.offline);
    poll(true);
  });
  socket.on("presence", function () {
    window.clearTimeout(presenceTimer);
    presenceTimer = window.setTimeout(refreshAll, PRESENCE_MS);
  });
  socket.on("class_ended", function () {
    if (!leaving) {
      window.location.reload();
    }
  });
  // The checker finished comparing a guess with the secret rule: the list of guesses shows
  // its answer instead of "checking...".
  socket.on("checked", function () {
    window.clearTimeout(timers.guesses);
    timers.guesses = window.setTimeout(function () {
      refreshGuesses().catch(function () { /* the next event or poll tries again */ });
    }, 120);
  });
  socket.on("group", function (view) {
    if (view && view.group && typeof view.group.id === "number") {
      schedule(view.group.id);
    }
  });
})();
