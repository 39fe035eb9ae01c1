// Small enhancements only; every page works without this script.
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
    img.alt = "Preview of " + file.name;
    img.src = URL.createObjectURL(file);
    box.append(img);
  }
});
// Confirm destructive actions (a plain form posts without it when script is off).
document.addEventListener("submit", (event) => {
  const message = event.target.dataset && event.target.dataset.confirm;
  if (message && !window.confirm(message)) event.preventDefault();
});
