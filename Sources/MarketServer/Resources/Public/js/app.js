// Small enhancements only; every page works without this script.

// The page's words in the reader's language: the layout writes them on <body> (data-word-…),
// from the same catalog as the page. Read by the other scripts too.
function word(name, fallback) {
  const key = "word" + name[0].toUpperCase() + name.slice(1);
  return (document.body && document.body.dataset[key]) || fallback;
}
// Photo inputs: show a preview of the chosen files before they are uploaded.
document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "file" || !input.dataset.preview) return;
  const box = document.getElementById(input.dataset.preview);
  if (!box) return;
  box.replaceChildren();
  for (const file of input.files) {
    if (!file.type.startsWith("image/")) continue;
    const img = document.createElement("img");
    img.alt = word("preview", "Preview of {name}").replace("{name}", file.name);
    img.src = URL.createObjectURL(file);
    box.append(img);
  }
});
// Confirm destructive actions (a plain form posts without it when script is off).
document.addEventListener("submit", (event) => {
  const message = event.target.dataset && event.target.dataset.confirm;
  if (message && !window.confirm(message)) event.preventDefault();
});
// The web app with no network (sw.js): pages and photos seen recently open offline.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
// Signing out empties what the worker kept, before the page goes.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.getAttribute("action") === "/signout" && navigator.serviceWorker && navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage("clear");
  }
});
// A form needs the server: offline, say so beside its button and keep what was typed.
document.addEventListener("submit", (event) => {
  const form = event.target;
  // A search or another GET opens a kept page (or the offline page) through the worker.
  if (navigator.onLine !== false || event.defaultPrevented || (form.method || "get").toLowerCase() === "get") return;
  event.preventDefault();
  let note = form.querySelector(".offline-note");
  if (!note) {
    note = document.createElement("p");
    note.className = "offline-note";
    note.setAttribute("role", "alert");
    form.append(note);
  }
  note.textContent = word("offline", "You're offline — this needs the network. What you typed is kept here; send it again once you're back online.");
});
