/**
 * What kind of address a buyer's business e-mail is (issue 31.10): disposable (refused: nobody
 * reads it a week later, and matching a business with it wastes that business's time), personal
 * free mail (accepted; the receiving business is told), or another domain, taken as the
 * company's own. The lists are maintained packages read at first use: `disposable-email-domains`
 * (its exact domains and its wildcard parents) and `email-providers` (free-mail providers).
 */
import { createRequire } from "node:module";

/** The kinds a business is told of. */
export type TEmailKind = "company" | "personal";

interface TLists {
  disposable: Set<string>;
  /** Parents whose every subdomain is disposable. */
  disposableParents: Set<string>;
  free: Set<string>;
}

let lists: TLists | null = null;

function listsOf(): TLists {
  if (lists) return lists;
  const require = createRequire(import.meta.url);
  const read = (path: string) => new Set((require(path) as string[]).map((d) => d.toLowerCase()));
  lists = {
    disposable: read("disposable-email-domains/index.json"),
    disposableParents: read("disposable-email-domains/wildcard.json"),
    free: read("email-providers/all.json"),
  };
  return lists;
}

/** The domain of an address, lower case; "" when it has none. */
function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** The domain and each parent of it (`a.b.c` → `a.b.c`, `b.c`). */
function withParents(domain: string): string[] {
  const parts = domain.split(".");
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join("."));
}

/** True when the address is at a disposable (throw-away) mail service. */
export function isDisposableEmail(email: string): boolean {
  const { disposable, disposableParents } = listsOf();
  const domain = domainOf(email);
  return withParents(domain).some((d) => disposable.has(d) || disposableParents.has(d));
}

/** A (not disposable) address's kind: a free-mail provider's is personal, any other a company's. */
export function emailKindOf(email: string): TEmailKind {
  const { free } = listsOf();
  return withParents(domainOf(email)).some((d) => free.has(d)) ? "personal" : "company";
}
