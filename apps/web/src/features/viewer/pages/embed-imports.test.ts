import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

/** Every module specifier reachable from `entry` through our own relative imports. */
function reachableImports(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const source = readFileSync(entry, "utf8");
  const specifiers = [...source.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1] ?? "");
  return specifiers.flatMap((spec) => {
    if (!spec.startsWith(".")) return [spec];
    if (spec.endsWith(".css")) return [spec];
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

describe("embed pages", () => {
  for (const page of ["EmbedPage.tsx", "EmbedReactTestPage.tsx"]) {
    it(`${page} reaches no UI library, so /embed can ship as a small bundle`, () => {
      const packages = reachableImports(resolve(here, page)).filter((spec) => !spec.startsWith("."));
      expect(packages.filter((spec) => /^@mantine\/|^@tabler\//.test(spec))).toEqual([]);
      expect(packages).toContain("react-i18next");
    });
  }
});
