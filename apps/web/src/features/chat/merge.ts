import type { TChatMessageDoc } from "@vitrine/contract";

/** Adds messages to a list once each (by id), oldest first: history reloads and live events overlap. */
export function mergeMessages(current: TChatMessageDoc[], incoming: TChatMessageDoc[]): TChatMessageDoc[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((doc) => [doc.id, doc]));
  for (const doc of incoming) byId.set(doc.id, doc);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
