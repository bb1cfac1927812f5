import type { ParseKeys } from "i18next";

/**
 * The contract names its labels with plain strings (`plans.free.name`, `compare.platform.title`);
 * this is the one place they become typed keys of the `plans` namespace. A test checks that every
 * key the contract uses exists in both languages.
 */
export function planKey(key: string): ParseKeys<"plans"> {
  return key as ParseKeys<"plans">;
}
