/**
 * The translation namespaces, without their texts: the app's entry needs the names, the texts load
 * per language (`bundle-en.ts`, `bundle-ko.ts`).
 */

/** The namespaces, in load order. `common` is the default. */
export const NAMESPACES = [
  "common",
  "codes",
  "marketing",
  "accounts",
  "plans",
  "sharing",
  "channels",
  "exhibition",
  "hall",
  "studio",
  "analytics",
  "content",
  "qna",
  "production",
  "viewer",
  "admin",
  "chat",
  "matching",
] as const;

/** A namespace name. */
export type TNamespace = (typeof NAMESPACES)[number];
