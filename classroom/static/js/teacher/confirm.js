// In-page confirmations (details.confirm): the question opens under its button; Cancel and
// Escape close it and give the focus back to the button; opening one closes the others.
(function () {
  "use strict";

  function close(box) {
    box.open = false;
    var summary = box.querySelector("summary");
    if (summary) {
      summary.focus();
    }
  }

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("[data-close-confirm]");
    var box = cancel && cancel.closest("details.confirm");
    if (box) {
      close(box);
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !document.activeElement || !document.activeElement.closest) {
      return;
    }
    var box = document.activeElement.closest("details.confirm[open]");
    if (box) {
      event.preventDefault();
      close(box);
    }
  });

  // "toggle" does not bubble: listen while it goes down to the details element.
  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("details.confirm") || !box.open) {
      return;
    }
    document.querySelectorAll("details.confirm[open]").forEach(function (other) {
      if (other !== box) {
        other.open = false;
      }
    });
  }, true);
})();
