/**
 * Test clients speak as a desktop browser: the log call drops bots (isbot), and Node's own
 * `undici` user agent is one. Tests of the bot rule send their own user agent.
 */

/** A current desktop Chrome on Windows. */
export const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** `fetch` with the browser user agent unless the request names one. */
export const browserFetch: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  if (!headers.has("user-agent")) headers.set("user-agent", BROWSER_UA);
  return fetch(input, { ...init, headers });
};
