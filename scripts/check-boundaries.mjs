#!/usr/bin/env node
/**
 * The walls of docs/architecture.md ("Layout rules"), checked from the code's own imports:
 *
 * - web: a file under `apps/web/src/features/<a>/` imports nothing from `features/<b>/` (b ≠ a)
 *   and nothing from `apps/web/src/app/`;
 * - server: a file under `apps/server/src/modules/<m>/` reaches another module only through its
 *   `service.ts`, `index.ts` or `types.ts`: never its `queries`, its other files or its tables
 *   (`db/schema/<other>.ts`; `platform.ts` is everyone's);
 * - length: no source file in `apps/<app>/src` or `packages/<pkg>/src` over 400 lines, tests and
 *   the data tables in LONG_FILES_ALLOWED aside, and no function there (a declaration, an arrow,
 *   a method, a React component) over 200 lines, read with TypeScript's own parser.
 *
 * Imports are read with a regex (static `import … from`, `export … from`, side-effect `import "…"`,
 * dynamic `import("…")`); only relative paths are resolved, since the workspaces meet through
 * their package names. Every rule reports; only the enforced ones fail the run. By default the
 * web rules are enforced, and the server rule for every module but those in SERVER_REPORT_ONLY
 * (whose own reaches are reported until their split lands); the length rule is enforced with
 * `--enforce=length`. `--enforce=server` (or `--enforce=all`) enforces the server rule for every
 * module. `--root <dir>` checks another tree (the tests).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** The longest a source file may be. */
export const MAX_LINES = 400;

/** The longest a function may be, from its first line to its last. */
export const MAX_FUNCTION_LINES = 200;

/** Source files that are data tables, not code to split (paths from the repository root). */
export const LONG_FILES_ALLOWED = ["packages/contract/src/codes.ts"];

/** The rules, and which of them fail the run when nothing says otherwise. */
export const RULES = ["web", "server", "length"];
export const ENFORCED_BY_DEFAULT = ["web", "server"];

/**
 * Server modules whose own imports the server rule reports without failing when it runs by
 * default, while their split is under way. Empty since content and sharing were split (issue 30):
 * the rule holds for every module. A reach into a listed module from another module fails.
 */
export const SERVER_REPORT_ONLY = [];

/** Files of a module that other modules may import. */
const MODULE_PUBLIC_FILES = new Set(["service", "index", "types"]);
/** Schema files every module may import. */
const SHARED_SCHEMAS = new Set(["platform"]);

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.test\.(ts|tsx|mts|cts)$/;
const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^;'"`]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every file under `dir` (recursively) whose name matches `pattern`; none when it is missing. */
function listFiles(dir, pattern) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path, pattern));
    else if (pattern.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/**
 * `text` with its comments blanked (newlines kept, so line numbers hold): a comment that names an
 * import (`lazy(() => import("../x"))` in a doc comment) is not one. Only comments that start a
 * line or follow white space count, so `"http://…"` in a string stays.
 */
export function withoutComments(text) {
  const blank = (comment) => comment.replace(/[^\n]/g, " ");
  return text
    .replace(/(^|\s)\/\*[\s\S]*?\*\//g, (match, lead) => lead + blank(match.slice(lead.length)))
    .replace(/(^|\s)\/\/[^\n]*/gm, (match, lead) => lead + blank(match.slice(lead.length)));
}

/** The specifiers a source text imports, with their line numbers. */
export function importsOf(source) {
  const text = withoutComments(source);
  const found = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ specifier: match[1], line });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The relative specifiers of `file`, resolved to absolute paths (extension as written). */
function relativeImports(file) {
  return importsOf(readFileSync(file, "utf8"))
    .filter(({ specifier }) => specifier.startsWith("./") || specifier.startsWith("../"))
    .map(({ specifier, line }) => ({ specifier, line, target: resolve(dirname(file), specifier) }));
}

/** `path` relative to `base` with forward slashes, or undefined when it lies outside it. */
function inside(base, path) {
  const rel = relative(base, path);
  if (rel === "" || rel.startsWith("..") || rel.startsWith(sep) || /^[a-zA-Z]:/.test(rel)) return undefined;
  return rel.split(sep).join("/");
}

/** The file name without its extension (`service.ts` → `service`, `queries` → `queries`). */
function stem(name) {
  return name.replace(/\.(ts|tsx|js|mjs|mts|cts)$/, "");
}

/** Web: feature → other feature and feature → app/ imports. */
function checkWeb(root) {
  const web = join(root, "apps/web/src");
  const features = join(web, "features");
  const app = join(web, "app");
  const found = [];
  for (const file of listFiles(features, SOURCE)) {
    const from = inside(features, file)?.split("/")[0];
    for (const { specifier, line, target } of relativeImports(file)) {
      const where = `${inside(root, file)}:${line} imports "${specifier}"`;
      const intoFeature = inside(features, target);
      if (intoFeature !== undefined) {
        const to = intoFeature.split("/")[0];
        if (to !== from) found.push({ rule: "web", kind: "feature→feature", pair: `${from} → ${to}`, where });
      } else if (inside(app, target) !== undefined || target === app) {
        found.push({ rule: "web", kind: "feature→app", pair: `${from} → app`, where });
      }
    }
  }
  return found;
}

/** Server: a module reaching another module's queries, tables or internal files. */
function checkServer(root) {
  const src = join(root, "apps/server/src");
  const modules = join(src, "modules");
  const schema = join(src, "db/schema");
  const found = [];
  for (const file of listFiles(modules, SOURCE)) {
    const from = inside(modules, file)?.split("/")[0];
    for (const { specifier, line, target } of relativeImports(file)) {
      const where = `${inside(root, file)}:${line} imports "${specifier}"`;
      const intoModule = inside(modules, target);
      if (intoModule !== undefined) {
        const [to, ...rest] = intoModule.split("/");
        if (to === from || rest.length === 0) continue;
        const isPublic = rest.length === 1 && MODULE_PUBLIC_FILES.has(stem(rest[0]));
        if (!isPublic) {
          const kind = rest.length === 1 && stem(rest[0]) === "queries" ? "queries" : "internal file";
          found.push({
            rule: "server",
            kind: `module→${kind}`,
            pair: `${from} → ${to}`,
            module: from,
            where,
          });
        }
        continue;
      }
      const intoSchema = inside(schema, target);
      if (intoSchema !== undefined) {
        const table = stem(intoSchema);
        if (table !== from && !SHARED_SCHEMAS.has(table)) {
          found.push({
            rule: "server",
            kind: "module→schema",
            pair: `${from} → db/schema/${table}`,
            module: from,
            where,
          });
        }
      }
    }
  }
  return found;
}

/** A function's name as a reader finds it: its own, or the variable, property or class it is given to. */
function functionName(node) {
  const own = node.name ?? node.parent?.name;
  if (own && ts.isIdentifier(own)) return own.text;
  if (own && ts.isPrivateIdentifier(own)) return own.text;
  return ts.isConstructorDeclaration(node) ? "constructor" : "(anonymous)";
}

/** Functions with a body longer than MAX_FUNCTION_LINES in `text`, as `name` and `lines` at `line`. */
export function longFunctions(path, text) {
  const kind = path.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ name: functionName(node), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Length: source files over MAX_LINES lines and functions over MAX_FUNCTION_LINES, tests and allowed data tables aside. */
function checkLength(root) {
  const found = [];
  for (const layer of ["apps", "packages"]) {
    const base = join(root, layer);
    if (!existsSync(base)) continue;
    for (const workspace of readdirSync(base)) {
      const src = join(base, workspace, "src");
      if (!existsSync(src) || !statSync(src).isDirectory()) continue;
      for (const file of listFiles(src, SOURCE)) {
        const path = inside(root, file);
        if (TEST.test(file) || LONG_FILES_ALLOWED.includes(path)) continue;
        const text = readFileSync(file, "utf8");
        const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
        if (lines > MAX_LINES)
          found.push({ rule: "length", kind: "long file", pair: path, where: `${path}: ${lines} lines` });
        for (const fn of longFunctions(path, text)) {
          const where = `${path}:${fn.line} ${fn.name}: ${fn.lines} lines`;
          found.push({ rule: "length", kind: "long function", pair: `${path}#${fn.name}`, where });
        }
      }
    }
  }
  return found;
}

/** True when `finding` is one of the server rule's, by a module it only reports. */
function isReportOnly(finding, reportOnlyModules) {
  return finding.rule === "server" && reportOnlyModules.includes(finding.module);
}

/**
 * Every finding of every rule under `root`, and whether the enforced ones leave it clean. The
 * server findings of `reportOnlyModules` never fail: by default SERVER_REPORT_ONLY when the
 * default rules run, none when the caller names the rules to enforce.
 */
export function checkBoundaries(
  root,
  enforced = ENFORCED_BY_DEFAULT,
  reportOnlyModules = enforced === ENFORCED_BY_DEFAULT ? SERVER_REPORT_ONLY : [],
) {
  const findings = [...checkWeb(root), ...checkServer(root), ...checkLength(root)];
  const failing = findings.filter(
    (finding) => enforced.includes(finding.rule) && !isReportOnly(finding, reportOnlyModules),
  );
  return { findings, failing, ok: failing.length === 0 };
}

/**
 * The report printed for `findings`, one block per rule; an enforced server rule has a second,
 * report-only block for the findings of `reportOnlyModules`.
 */
export function formatReport(findings, enforced, reportOnlyModules = []) {
  const lines = [];
  const block = (label, own) => {
    const pairs = new Set(own.map((finding) => finding.pair));
    lines.push(`${label}: ${own.length} finding(s), ${pairs.size} distinct`);
    for (const finding of own) lines.push(`  ${finding.kind}  ${finding.where}`);
  };
  for (const rule of RULES) {
    const own = findings.filter((finding) => finding.rule === rule);
    if (!enforced.includes(rule)) {
      block(`${rule} (report only)`, own);
      continue;
    }
    block(
      `${rule} (enforced)`,
      own.filter((finding) => !isReportOnly(finding, reportOnlyModules)),
    );
    if (rule === "server" && reportOnlyModules.length > 0) {
      block(
        `${rule} (report only)`,
        own.filter((finding) => isReportOnly(finding, reportOnlyModules)),
      );
      lines.push(`  (report only for the modules still being split: ${reportOnlyModules.join(", ")})`);
    }
  }
  return lines.join("\n");
}

const USAGE = `node scripts/check-boundaries.mjs [--enforce=<rule>[,<rule>…] | --enforce=all] [--root <dir>]
Rules: ${RULES.join(", ")}. By default web and server are enforced, the server rule except for
the modules still being split (${SERVER_REPORT_ONLY.join(", ")}), whose reaches are reported only;
--enforce=server enforces it for every module, --enforce=length the 400-line file and 200-line
function limits.`;

function parseArgs(argv) {
  let root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  let enforced = ENFORCED_BY_DEFAULT;
  let reportOnlyModules = SERVER_REPORT_ONLY;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--root") {
      root = resolve(argv[i + 1] ?? ".");
      i += 1;
    } else if (arg.startsWith("--enforce=")) {
      const names = arg.slice("--enforce=".length).split(",").filter(Boolean);
      enforced = names.includes("all") ? [...RULES] : [...new Set([...ENFORCED_BY_DEFAULT, ...names])];
      const unknown = enforced.filter((name) => !RULES.includes(name));
      if (unknown.length > 0) throw new Error(`unknown rule(s): ${unknown.join(", ")}`);
      // Naming the server rule enforces it for every module.
      if (names.includes("all") || names.includes("server")) reportOnlyModules = [];
    } else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else {
      throw new Error(`unknown argument: ${arg}`);
    }
  }
  return { root, enforced, reportOnlyModules };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { root, enforced, reportOnlyModules } = parseArgs(process.argv.slice(2));
  const { findings, failing, ok } = checkBoundaries(root, enforced, reportOnlyModules);
  console.log(formatReport(findings, enforced, reportOnlyModules));
  console.log(
    ok
      ? "check-boundaries: the enforced rules hold"
      : `check-boundaries: ${failing.length} violation(s) of enforced rules (${enforced.join(", ")})`,
  );
  process.exit(ok ? 0 : 1);
}
