/** Turns a zod error into the `data.fields` of a validation failure. */
import type { TFieldErrors } from "@vitrine/contract";
import type { z } from "zod";

/** Key used for issues about the payload as a whole (wrong type, not an object). */
export const ROOT_FIELD = "_";

/**
 * Field path (`a.b`, `items.0.name`) → the first message zod gives for it. Unknown keys of a
 * strict object are reported under their own name.
 */
export function fieldErrors(error: z.ZodError): TFieldErrors {
  const fields: TFieldErrors = {};
  for (const issue of error.issues) {
    const paths =
      issue.code === "unrecognized_keys" ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const path of paths) {
      const key = path.map(String).join(".") || ROOT_FIELD;
      if (!(key in fields)) fields[key] = issue.message;
    }
  }
  return fields;
}
