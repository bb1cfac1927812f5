import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Every module specifier reachable from `entry` through our own relative imports, static and
 * dynamic (`import("…")`); type-only imports are left out (they vanish from the bundle).
 */
function reachableImports(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const source = readFileSync(entry, "utf8").replace(/^import type [^;]+;$/gm, "");
  const specifiers = [
    ...[...source.matchAll(/(?:from|import)\s+"([^"]+)"/g)].map((m) => m[1] ?? ""),
    ...[...source.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1] ?? ""),
  ];
  return specifiers.flatMap((spec) => {
    if (!spec.startsWith(".")) return [spec];
    if (/\.(css|json)$/.test(spec)) return [spec];
    const base = resolve(dirname(entry), spec);
    const file = [`${base}.tsx`, `${base}.ts`].find((candidate) => {
      try {
        readFileSync(candidate);
        return true;
      } catch {
        return false;
      }
    });
    return file ? [spec, ...reachableImports(file, seen)] : [spec];
  });
}

const UI_LIBRARIES = /^(@mantine\/|@tabler\/)/;
const APP_LIBRARIES =
  /^(react|react-dom|react-router|react-i18next|i18next|i18next-browser-languagedetector|zod|zustand)(\/|$)/;

describe("embed", () => {
  it("the /embed entry reaches no React, UI library, i18next, zod or the contract's schemas", () => {
    const packages = reachableImports(resolve(here, "../../../embed/main.ts")).filter(
      (s) => !s.startsWith("."),
    );
    expect(packages.filter((s) => UI_LIBRARIES.test(s) || APP_LIBRARIES.test(s))).toEqual([]);
    // Only the zod-free parts of the contract; the element comes on demand.
    expect(packages.filter((s) => s.startsWith("@vitrine/contract"))).toEqual([
      "@vitrine/contract/envelope-core",
    ]);
    expect(packages).not.toContain("@vitrine/contract");
    expect(packages).toContain("@vitrine/viewer/element");
  });

  for (const page of ["EmbedPage.tsx", "EmbedReactTestPage.tsx"]) {
    it(`${page} runs the same embed code inside React, without a UI library`, () => {
      const reached = reachableImports(resolve(here, page));
      expect(reached.filter((s) => UI_LIBRARIES.test(s))).toEqual([]);
      expect(reached).toContain("../../../embed/embed");
    });
  }
});
