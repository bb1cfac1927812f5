import { CODES } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { NAMESPACES, resources } from "./resources";

type TTree = { [key: string]: string | TTree };

function leafKeys(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [];
  return Object.entries(tree as TTree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function valueAt(tree: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => {
    if (typeof node !== "object" || node === null) return undefined;
    return (node as Record<string, unknown>)[part];
  }, tree);
}

describe("translations", () => {
  for (const ns of NAMESPACES) {
    it(`has every English key of "${ns}" in Korean, non-empty`, () => {
      const missing = leafKeys(resources.en[ns]).filter((key) => {
        const ko = valueAt(resources.ko[ns], key);
        return typeof ko !== "string" || ko.trim() === "";
      });
      expect(missing).toEqual([]);
    });

    it(`has no Korean key in "${ns}" that English lacks`, () => {
      const extra = leafKeys(resources.ko[ns]).filter(
        (key) => typeof valueAt(resources.en[ns], key) !== "string",
      );
      expect(extra).toEqual([]);
    });
  }

  it("words every contract code in English exactly as the contract does", () => {
    const codes = resources.en.codes as Record<string, string>;
    const differing = Object.values(CODES)
      .filter((code) => codes[code.key] !== code.message)
      .map((code) => code.key);
    expect(differing).toEqual([]);
  });

  it("has the loading text of SPEC §8", () => {
    expect(resources.en.codes.loading).toBe("Please wait a moment...");
    expect(resources.en.common.loading).toBe("Please wait a moment...");
  });
});

describe("placeholder texts (issue 9, item 21)", () => {
  // Upload, accounts and the editor are open: no text may still promise them, in either language.
  const FALSE_PROMISES = [
    /opens? soon/i,
    /opens? with (accounts|channels)/i,
    /곧 열립니다/,
    /기능과 함께 열립니다/,
  ];

  for (const language of ["en", "ko"] as const) {
    it(`has no ${language} text saying a feature opens soon or with accounts`, () => {
      const found = NAMESPACES.flatMap((ns) =>
        leafKeys(resources[language][ns])
          .map((key) => [`${ns}:${key}`, valueAt(resources[language][ns], key)] as const)
          .filter(([, text]) => typeof text === "string" && FALSE_PROMISES.some((re) => re.test(text))),
      );
      expect(found).toEqual([]);
    });
  }
});
