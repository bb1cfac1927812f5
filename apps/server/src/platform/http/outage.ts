/**
 * Recognises failures that mean "a server we depend on is not there" (the database above all):
 * refused or reset connections, a terminated backend, a pool that timed out, a closed PGlite.
 * The central error handler answers them with the catalogue's outage code (issue 9, item 4).
 */

/** Node's network errors when a peer is down, unreachable or drops the connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of an outage: class 08 (connection exception) is matched by prefix;
 * 57P01–57P03 are a backend terminated (`pg_terminate_backend`, shutdown) or a server starting;
 * 53300 is "too many connections"; 3D000 is a database that no longer exists (dropped under the
 * server) and 28000/28P01 a role that may no longer sign in: the database is not there for us,
 * which is the same outage to a visitor (issue 31.11).
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000", "28000", "28P01"]);

/** Messages node-postgres and PGlite give for a lost, closed or timed-out connection. */
const MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|cannot use a pool after calling end|client was closed|not currently accepting connections|pglite is closed/i;

/** Drizzle wraps driver errors (`Failed query: …`, the driver's error as `cause`): look a few levels down. */
const MAX_CAUSES = 5;

/** True when `error` (or one of its causes) says a database or other dependency is unreachable. */
export function isOutage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && typeof current === "object" && current !== null; depth += 1) {
    const code = "code" in current ? String(current.code) : "";
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (current instanceof Error && MESSAGES.test(current.message)) return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}
