// In-page confirmations (details.confirm): the question opens under its button; Cancel and
// Escape close it and give the focus back to the button; opening one closes the others.

function close(box) {
  box.open = false;
  const summary = box.querySelector("summary");
  if (summary) summary.focus();
}

document.addEventListener("click", (event) => {
  const cancel = event.target.closest && event.target.closest("[data-close-confirm]");
  const box = cancel && cancel.closest("details.confirm");
  if (box) close(box);
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !document.activeElement || !document.activeElement.closest) return;
  const box = document.activeElement.closest("details.confirm[open]");
  if (box) {
    event.preventDefault();
    close(box);
  }
});

// "toggle" does not bubble: listen while it goes down to the details element.
document.addEventListener(
  "toggle",
  (event) => {
    const box = event.target;
    if (!box.matches || !box.matches("details.confirm") || !box.open) return;
    for (const other of document.querySelectorAll("details.confirm[open]")) {
      if (other !== box) other.open = false;
    }
  },
  true,
);
