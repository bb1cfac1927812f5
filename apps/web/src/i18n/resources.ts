/**
 * Every translation of both languages, for tests and the prerender (`src/prerender/home.tsx`).
 * The app itself loads only the visitor's language, a chunk each (`bundle-en.ts`, `bundle-ko.ts`;
 * `loadLanguage` in `index.ts`). TypeScript types `t()` from the English JSON (the source): a key
 * that does not exist does not compile.
 */
import { en } from "./bundle-en";
import { ko } from "./bundle-ko";

export { NAMESPACES, type TNamespace } from "./namespaces";
export { en, ko };

/** All resources by language. */
export const resources = { en, ko } as const;

declare module "i18next" {
  /** Types `t()` from the English JSON with `common` as the default namespace. */
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof en;
  }
}
