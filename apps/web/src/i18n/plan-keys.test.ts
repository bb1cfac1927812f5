import { PLAN_COMPARISON, PLANS } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

function stringAt(tree: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => {
    if (typeof node !== "object" || node === null) return undefined;
    return (node as Record<string, unknown>)[part];
  }, tree);
}

const CONTRACT_KEYS = [
  ...PLANS.map((plan) => plan.nameKey),
  ...PLANS.map((plan) => plan.nameKey.replace(/\.name$/, ".tagline")),
  ...PLAN_COMPARISON.flatMap((section) => [section.key, ...section.rows.map((row) => row.key)]),
];

describe("plan labels", () => {
  for (const language of ["en", "ko"] as const) {
    it(`has a ${language} label for every plan and comparison row of the contract`, () => {
      const missing = CONTRACT_KEYS.filter(
        (key) => typeof stringAt(resources[language].plans, key) !== "string",
      );
      expect(missing).toEqual([]);
    });
  }
});
