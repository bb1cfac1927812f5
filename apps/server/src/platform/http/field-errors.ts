/**
 * Turns a zod error into the `data.fields` of a validation failure, bounded: a request can hold
 * any number of bad or unknown fields, the answer names only the first few, with short texts.
 */
import type { TFieldErrors } from "@vitrine/contract";
import type { z } from "zod";

/** Key used for issues about the payload as a whole (wrong type, not an object, too big). */
export const ROOT_FIELD = "_";
/** At most this many fields are named in one answer. */
export const MAX_FIELD_ERRORS = 10;
/** Longest field path and message sent back; longer ones are cut and end with "…". */
export const MAX_FIELD_KEY_CHARS = 64;
export const MAX_FIELD_MESSAGE_CHARS = 200;
/** The message of a key the call does not know (zod's own lists every unknown key). */
export const UNKNOWN_FIELD_MESSAGE = "Unknown field.";

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Field path (`a.b`, `items.0.name`) → the first message zod gives for it, for at most
 * `MAX_FIELD_ERRORS` fields. Unknown keys of a strict object are reported under their own name.
 */
export function fieldErrors(error: z.ZodError): TFieldErrors {
  const fields: TFieldErrors = {};
  let count = 0;
  const add = (path: readonly PropertyKey[], message: string): boolean => {
    const key = cut(path.map(String).join(".") || ROOT_FIELD, MAX_FIELD_KEY_CHARS);
    if (!(key in fields)) {
      fields[key] = cut(message, MAX_FIELD_MESSAGE_CHARS);
      count += 1;
    }
    return count < MAX_FIELD_ERRORS;
  };
  const walk = (issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): boolean => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      if (issue.code === "unrecognized_keys") {
        for (const k of issue.keys) if (!add([...path, k], UNKNOWN_FIELD_MESSAGE)) return false;
      } else if (issue.code === "invalid_union" && issue.errors.length > 0) {
        // A union (one row or a batch): report the branch the payload came closest to.
        const weight = (branch: readonly z.core.$ZodIssue[]) =>
          branch.reduce((n, i) => n + (i.code === "unrecognized_keys" ? i.keys.length : 1), 0);
        const best = [...issue.errors].sort((a, b) => weight(a) - weight(b))[0] ?? [];
        if (!walk(best, path)) return false;
      } else if (!add(path, issue.message)) return false;
    }
    return true;
  };
  walk(error.issues, []);
  return fields;
}
