// Live updates for signed-in pages: one EventSource (it reconnects by itself, resuming with
// Last-Event-ID). Badges refresh when anything arrives; an open conversation shows new
// messages and "Seen" as they happen; the inbox reloads its list. Pages work without it.
(() => {
  const body = document.body;
  if (!body.dataset.events || !window.EventSource) return;
  const viewer = body.dataset.viewer;
  const conversation = document.querySelector("[data-conversation]");
  const inbox = document.querySelector("[data-live-inbox]");
  const csrfInput = document.querySelector("input[name=csrf]");

  let refreshing = null;
  const refreshBadges = () => {
    clearTimeout(refreshing);
    refreshing = setTimeout(async () => {
      const response = await fetch("/messages/unread", { credentials: "same-origin" });
      if (!response.ok) return;
      const counts = await response.json();
      // The header writes its links twice (the wide row and the phone's menu): update both.
      for (const [name, count] of Object.entries(counts)) {
        for (const badge of document.querySelectorAll(`[data-badge="${name}"]`)) {
          badge.textContent = String(count);
          badge.setAttribute("aria-label", word("unread", "{n} unread").replace("{n}", String(count)));
          badge.hidden = count === 0;
        }
      }
    }, 150);
  };

  const refreshInbox = async () => {
    const response = await fetch("/messages", { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.querySelector("[data-live-inbox]");
    if (fresh) inbox.replaceChildren(...fresh.children);
  };

  const markRead = () => {
    if (!csrfInput) return;
    fetch(`/messages/${conversation.dataset.conversation}/read`, {
      method: "POST", credentials: "same-origin",
      body: new URLSearchParams({ csrf: csrfInput.value }),
    }).then(refreshBadges);
  };

  const show = (message) => {
    const list = conversation.querySelector("ol.messages");
    if (list.querySelector(`[data-id="${message.id}"]`)) return;
    const item = document.createElement("li");
    item.className = "message" + (message.senderId === viewer ? " mine" : "");
    item.dataset.id = message.id;
    const text = document.createElement("p");
    text.className = "message-text";
    text.textContent = message.text;
    const meta = document.createElement("p");
    meta.className = "message-meta muted";
    const time = document.createElement("time");
    time.dateTime = message.sentAt;
    time.textContent = word("now", "just now");
    meta.append(time);
    item.append(text, meta);
    list.append(item);
    document.getElementById("no-messages")?.remove();
    document.getElementById("seen").hidden = true;
    item.scrollIntoView({ block: "nearest" });
  };

  const source = new EventSource(body.dataset.events);
  source.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (conversation && message.conversationId === conversation.dataset.conversation) {
      show(message);
      if (message.senderId !== viewer && document.visibilityState === "visible") markRead();
    }
    if (inbox) refreshInbox();
    refreshBadges();
  });
  source.addEventListener("conversation_read", (event) => {
    const read = JSON.parse(event.data);
    if (conversation && read.conversationId === conversation.dataset.conversation && read.readerId !== viewer) {
      const last = conversation.querySelector("ol.messages li:last-child");
      if (last && last.classList.contains("mine")) document.getElementById("seen").hidden = false;
    }
    if (inbox) refreshInbox();
    refreshBadges();
  });
  // Opening a conversation reads it by a POST from the page, never by its GET.
  const unread = conversation && conversation.querySelector("[data-mark-read]");
  if (unread && document.visibilityState === "visible") { unread.remove(); markRead(); }
  source.addEventListener("notification", refreshBadges);
  source.addEventListener("resync", () => { refreshBadges(); if (inbox) refreshInbox(); });
})();
