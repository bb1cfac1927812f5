/** The visitor's language preference, persisted (SPEC §1: supplies the default at start). */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** Languages the app speaks. */
export type TLanguage = "ko" | "en";

/** Language preference state. */
export interface TLanguageState {
  /** The language last chosen with the header switch, or null when never chosen. */
  language: TLanguage | null;
  /** Records a choice. */
  setLanguage: (language: TLanguage) => void;
}

/** The persisted language store (local-storage key `language`). */
export const useLanguageStore = create<TLanguageState>()(
  persist((set) => ({ language: null, setLanguage: (language) => set({ language }) }), {
    name: "language",
    storage: createJSONStorage(() => localStorage),
  }),
);

/** True when `value` is a language the app speaks. */
export function isLanguage(value: unknown): value is TLanguage {
  return value === "ko" || value === "en";
}
