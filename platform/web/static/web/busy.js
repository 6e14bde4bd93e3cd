// A form that starts work the page waits for (an upload validated in the sandbox, a
// challenge queued) says so while it is sent: data-busy="what is happening".
document.addEventListener("submit", (event) => {
  const form = event.target;
  const text = form.dataset && form.dataset.busy;
  if (!text || event.defaultPrevented) return;
  for (const button of form.querySelectorAll("button[type=submit], button:not([type])")) {
    button.disabled = true;
  }
  let note = form.querySelector(".busy-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "busy-note";
    note.setAttribute("role", "status");
    form.appendChild(note);
  }
  note.textContent = text;
});
