import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBoundaries, importsOf, RULES, SERVER_REPORT_ONLY } from "./check-boundaries.mjs";

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "check-boundaries.mjs");

let root;

function write(path, text) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function lines(count) {
  return Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`).join("\n");
}

/** A tree that keeps every rule: features on the shared layer, modules through services. */
function plantCleanTree() {
  write("apps/web/src/ui/FormAlert.tsx", "export const FormAlert = 1;\n");
  write("apps/web/src/api/use-call.ts", "export const useCall = 1;\n");
  write("apps/web/src/app/App.tsx", 'import { Page } from "../features/content/Page";\nexport { Page };\n');
  write(
    "apps/web/src/features/content/Page.tsx",
    [
      'import { FormAlert } from "../../ui/FormAlert";',
      'import type { X } from "./types";',
      'export { useCall } from "../../api/use-call";',
      '// a comment naming import("../sharing/Share") is not an import',
      '/** nor is `import { App } from "../../app/App"` in a doc comment */',
      'const Lazy = () => import("./Lazy");',
      "export const Page = [FormAlert, Lazy];",
      "",
    ].join("\n"),
  );
  write("apps/web/src/features/content/types.ts", "export type X = 1;\n");
  write("apps/web/src/features/content/Lazy.tsx", "export default 1;\n");
  write("apps/web/src/features/content/Page.test.tsx", `${lines(450)}\n`);
  write(
    "apps/server/src/modules/sharing/service.ts",
    [
      'import { contentService } from "../content/service";',
      'import type { TContent } from "../content/types";',
      'import { content } from "../content";',
      'import { shareLinks } from "../../db/schema/sharing";',
      'import { jobs } from "../../db/schema/platform";',
      'import { mapper } from "./mapper";',
      "",
    ].join("\n"),
  );
  write("apps/server/src/modules/sharing/mapper.ts", "export const mapper = 1;\n");
  write("apps/server/src/modules/content/service.ts", 'import { q } from "./queries";\nexport { q };\n');
  write("apps/server/src/modules/content/queries.ts", "export const q = 1;\n");
  write("apps/server/src/db/schema/sharing.ts", "export const shareLinks = 1;\n");
  write("packages/contract/src/codes.ts", `${lines(900)}\n`);
  write("packages/viewer/src/engine.ts", `${lines(400)}\n`);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "check-boundaries-"));
  plantCleanTree();
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("check-boundaries", () => {
  it("passes on a clean tree with every rule enforced", () => {
    const result = checkBoundaries(root, RULES);
    expect(result.findings).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("fails on a web feature importing another feature", () => {
    write("apps/web/src/features/sharing/Share.tsx", "export const Share = 1;\n");
    write("apps/web/src/features/content/Editor.tsx", 'import { Share } from "../sharing/Share";\n');
    const result = checkBoundaries(root);
    expect(result.ok).toBe(false);
    expect(result.failing).toMatchObject([
      { rule: "web", kind: "feature→feature", pair: "content → sharing" },
    ]);
  });

  it("fails on a feature → feature dynamic import and re-export", () => {
    write("apps/web/src/features/admin/sections.tsx", 'export const s = () => import("../chat/Inbox");\n');
    write("apps/web/src/features/admin/index.ts", 'export { Inbox } from "../chat/Inbox";\n');
    const result = checkBoundaries(root);
    expect(result.failing.map((finding) => finding.pair)).toEqual(["admin → chat", "admin → chat"]);
  });

  it("fails on a web feature importing app/", () => {
    write(
      "apps/web/src/features/chat/Launcher.tsx",
      'import { rule } from "../../app/quick-contact-rule";\n',
    );
    const result = checkBoundaries(root);
    expect(result.ok).toBe(false);
    expect(result.failing).toMatchObject([{ rule: "web", kind: "feature→app", pair: "chat → app" }]);
  });

  it("fails on a server module importing another module's queries", () => {
    write("apps/server/src/modules/sharing/links.ts", 'import { q } from "../content/queries";\n');
    expect(checkBoundaries(root).ok).toBe(false);
    const result = checkBoundaries(root, ["web", "server"]);
    expect(result.failing).toMatchObject([
      { rule: "server", kind: "module→queries", pair: "sharing → content" },
    ]);
  });

  it("fails on a server module importing another module's schema", () => {
    write(
      "apps/server/src/modules/production/service.ts",
      'import { users } from "../../db/schema/accounts";\n',
    );
    const result = checkBoundaries(root, ["server"]);
    expect(result.failing).toMatchObject([
      { rule: "server", kind: "module→schema", pair: "production → db/schema/accounts" },
    ]);
  });

  it("fails on a server module importing another module's internal file", () => {
    write("apps/server/src/modules/sharing/routes.ts", 'import { multipart } from "../content/multipart";\n');
    const result = checkBoundaries(root, ["server"]);
    expect(result.failing).toMatchObject([
      { rule: "server", kind: "module→internal file", pair: "sharing → content" },
    ]);
  });

  it("enforces the server rule by default for every module, content and sharing too", () => {
    expect(SERVER_REPORT_ONLY).toEqual([]);
    write(
      "apps/server/src/modules/production/service.ts",
      'import { users } from "../../db/schema/accounts";\n',
    );
    const result = checkBoundaries(root);
    expect(result.ok).toBe(false);
    expect(result.failing).toMatchObject([
      { rule: "server", kind: "module→schema", pair: "production → db/schema/accounts" },
    ]);
    rmSync(join(root, "apps/server/src/modules/production/service.ts"));
    write("apps/server/src/modules/sharing/links.ts", 'import { q } from "../content/queries";\n');
    expect(checkBoundaries(root).failing).toMatchObject([
      { rule: "server", kind: "module→queries", pair: "sharing → content" },
    ]);
    const cli = spawnSync(process.execPath, [SCRIPT, "--root", root], { encoding: "utf8" });
    expect(cli.status).toBe(1);
    expect(cli.stdout).toContain("server (enforced): 1 finding(s)");
  });

  it("fails on a source file over 400 lines outside the allowed data tables", () => {
    write("apps/web/src/features/chat/Inbox.tsx", `${lines(401)}\n`);
    expect(checkBoundaries(root).ok).toBe(true);
    const result = checkBoundaries(root, ["length"]);
    expect(result.failing).toMatchObject([
      {
        rule: "length",
        pair: "apps/web/src/features/chat/Inbox.tsx",
        where: expect.stringContaining("401 lines"),
      },
    ]);
  });

  it("fails on a function over 200 lines, whatever its form, and names it", () => {
    const body = (count) => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join("\n");
    // 200 lines from its first line to its last: allowed.
    write("apps/web/src/features/chat/Fits.tsx", `export function Fits() {\n${body(198)}\n}\n`);
    write("apps/server/src/modules/chat/long.ts", `export const verbs = () => {\n${body(199)}\n};\n`);
    write("packages/viewer/src/element/long.ts", `export class Viewer {\n  show() {\n${body(205)}\n  }\n}\n`);
    const result = checkBoundaries(root, ["length"]);
    expect(result.failing).toMatchObject([
      {
        rule: "length",
        kind: "long function",
        pair: "apps/server/src/modules/chat/long.ts#verbs",
        where: "apps/server/src/modules/chat/long.ts:1 verbs: 201 lines",
      },
      {
        rule: "length",
        kind: "long function",
        pair: "packages/viewer/src/element/long.ts#show",
        where: "packages/viewer/src/element/long.ts:2 show: 207 lines",
      },
    ]);
  });

  it("exits non-zero from the command line, naming the violation", () => {
    write(
      "apps/web/src/features/chat/Launcher.tsx",
      'import { rule } from "../../app/quick-contact-rule";\n',
    );
    write("apps/web/src/features/chat/Long.tsx", `${lines(401)}\n`);
    const failing = spawnSync(process.execPath, [SCRIPT, "--root", root], { encoding: "utf8" });
    expect(failing.status).toBe(1);
    expect(failing.stdout).toContain("apps/web/src/features/chat/Launcher.tsx:1");

    rmSync(join(root, "apps/web/src/features/chat/Launcher.tsx"));
    const reportOnly = spawnSync(process.execPath, [SCRIPT, "--root", root], { encoding: "utf8" });
    expect(reportOnly.status).toBe(0);
    const enforced = spawnSync(process.execPath, [SCRIPT, "--root", root, "--enforce=all"], {
      encoding: "utf8",
    });
    expect(enforced.status).toBe(1);
  });

  it("reads static, type-only, side-effect and dynamic imports", () => {
    const text = [
      'import a from "./a";',
      'import type { B } from "./b";',
      'import "./c.css";',
      "import {",
      "  d,",
      '} from "./d";',
      'export * from "./e";',
      'const f = await import("./f");',
    ].join("\n");
    expect(importsOf(text).map(({ specifier, line }) => `${line}:${specifier}`)).toEqual([
      "1:./a",
      "2:./b",
      "3:./c.css",
      "4:./d",
      "7:./e",
      "8:./f",
    ]);
  });
});
