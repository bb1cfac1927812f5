/*
 * Page-timing relay (issue 9, item 19; SPEC §4 "on unload (not reload), send view_end").
 * A page cannot tell, as it goes away, whether it is reloaded, closed or left, so it hands its
 * sealed view_end row here. The row is held a few seconds: a reload of that page asks to drop it
 * (the view carries on); anything else lets it go to the log call. It only ever posts to the log
 * call, and handles no fetches (so it adds nothing to page loads). Messages are short (the embed's
 * budget): `h` holds `body` under `id`, `d` drops it, `r` sends it now.
 */
const LOG_CALL_PATH = "/api/user_report/request_add_origin_log_notoken";
const HOLD_MS = 8000;
const held = new Map();

function settle(id, shouldSend) {
  const row = held.get(id);
  if (!row) return Promise.resolve();
  held.delete(id);
  clearTimeout(row.timer);
  const sent = shouldSend
    ? fetch(LOG_CALL_PATH, {
        method: "POST",
        body: row.body,
        headers: { "content-type": "text/plain;charset=UTF-8" },
        keepalive: true,
      }).catch(() => undefined)
    : Promise.resolve();
  return sent.then(row.done);
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("message", (event) => {
  const message = event.data;
  if (typeof message !== "object" || message === null || typeof message.id !== "string") return;
  if (message.type === "h" && typeof message.body === "string" && !held.has(message.id)) {
    // Kept alive until the row is sent or dropped.
    event.waitUntil(
      new Promise((done) => {
        const timer = setTimeout(() => settle(message.id, true), HOLD_MS);
        held.set(message.id, { body: message.body, timer, done });
      }),
    );
  } else if (message.type === "d") {
    event.waitUntil(settle(message.id, false));
  } else if (message.type === "r") {
    event.waitUntil(settle(message.id, true));
  }
});
