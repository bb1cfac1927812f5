/** The version of the terms texts shown on `/user_terms` and `/terms_detail` (the date they took effect). */
export const TERMS_VERSION = "2026-11-22";

/** One terms document as stored in the locale files: a title, then `sNTitle` / `sN` pairs. */
export type TTermsDocument = { title: string } & Record<string, string>;

/** A document's sections in order, read from its `sNTitle` / `sN` keys. */
export function termsSections(doc: TTermsDocument): { title: string; text: string }[] {
  const sections: { title: string; text: string }[] = [];
  for (let n = 1; typeof doc[`s${n}`] === "string"; n += 1) {
    sections.push({ title: doc[`s${n}Title`] ?? "", text: doc[`s${n}`] ?? "" });
  }
  return sections;
}
