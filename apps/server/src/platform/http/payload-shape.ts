/**
 * A cheap look at a decoded payload before zod sees it: a request of thousands of keys or deep
 * nesting is refused after counting at most `MAX_PAYLOAD_VALUES` values, so its cost stays
 * bounded whatever the call's schema does with it (issue 9, item 1).
 */

/**
 * Most values (objects, arrays and scalars together) one payload may hold. The largest real input,
 * an editor save (100 annotations, 100 motion steps, 200 materials), holds a few thousand.
 */
export const MAX_PAYLOAD_VALUES = 20_000;
/** Deepest nesting of objects and arrays; real inputs nest four or five levels. */
export const MAX_PAYLOAD_DEPTH = 32;

const TOO_MANY = "The request holds too many fields.";

/** What is wrong with the payload's size, or null when it may go on to validation. */
export function payloadShapeProblem(payload: unknown): string | null {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: payload, depth: 0 }];
  let seen = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    seen += 1;
    if (seen > MAX_PAYLOAD_VALUES) return TOO_MANY;
    const { value, depth } = item;
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_PAYLOAD_DEPTH) return "The request is nested too deeply.";
    const budget = MAX_PAYLOAD_VALUES - seen - stack.length;
    if (Array.isArray(value)) {
      if (value.length > budget) return TOO_MANY;
      for (const child of value) stack.push({ value: child, depth: depth + 1 });
      continue;
    }
    // Counted key by key, so one flat object of a million keys costs only the budget's worth.
    let count = 0;
    for (const key in value) {
      count += 1;
      if (count > budget) return TOO_MANY;
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return null;
}
