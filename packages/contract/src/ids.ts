/**
 * Identifiers (SPEC §3): a product prefix plus a UUID; payment ids start with `payment`.
 */
import { z } from "zod";

/** Prefixes of the entities we create ids for. */
export const ID_PREFIXES = {
  user: "user",
  session: "session",
  content: "content",
  channel: "channel",
  booth: "booth",
  exhibition: "exhibition",
  sharelink: "share",
  payment: "payment",
  subscription: "subscription",
  job: "job",
  log: "log",
  inquiry: "inquiry",
  connection: "connect",
  audit: "audit",
  chat: "chat",
  canned: "canned",
  production: "production",
  qna: "qna",
} as const;

/** An entity kind with an id prefix. */
export type TIdKind = keyof typeof ID_PREFIXES;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** Creates a new id: `<prefix>_<uuid v4>` (e.g. `payment_2f1c…`). */
export function newId(kind: TIdKind): string {
  return `${ID_PREFIXES[kind]}_${crypto.randomUUID()}`;
}

/** True when `id` is a well-formed id of `kind`. */
export function isId(kind: TIdKind, id: string): boolean {
  return new RegExp(`^${ID_PREFIXES[kind]}_${UUID}$`).test(id);
}

/** Zod schema for an id of one kind. */
export function zId(kind: TIdKind) {
  return z.string().refine((v) => isId(kind, v), { message: "Invalid id." });
}
