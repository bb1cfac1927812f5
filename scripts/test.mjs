#!/usr/bin/env node
// `npm test`: lint, the layout's walls (scripts/check-boundaries.mjs), types, generated docs, every
// unit and API test (Vitest), then a production build and every browser journey (Playwright,
// Debian's Chromium). Stops at the first failing step and ends with one line: "npm test: N passed,
// N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reports = join(tmpdir(), `vitrine-test-${process.pid}`);
mkdirSync(reports, { recursive: true });
let passed = 0;
let failed = 0;

function step(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function finish(ok) {
  console.log(`\nnpm test: ${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const workspaces = ["packages/contract", "packages/viewer", "apps/server", "apps/web"];
if (!step("lint (biome)", "npx", ["biome", "check", "."])) finish(false);
// The layout's walls (docs/architecture.md): the web's enforced, the server's and file lengths reported.
if (!step("boundaries", "node", ["scripts/check-boundaries.mjs"])) finish(false);
for (const ws of workspaces) {
  if (!step(`typecheck ${ws}`, "npx", ["tsc", "-p", ws])) finish(false);
}
if (!step("docs/api.md is current", "npx", ["tsx", "scripts/gen-api-docs.ts", "--check"])) finish(false);

const vitestReport = join(reports, "vitest.json");
const unitOk = step("unit and API tests (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
}
if (!unitOk) finish(false);

if (!step("production build", "node", ["scripts/build.mjs"])) finish(false);

const pwReport = join(reports, "playwright.json");
const e2eOk = step("browser tests (playwright)", "npx", ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
});
const pw = existsSync(pwReport) ? readJson(pwReport) : undefined;
if (pw?.stats) {
  passed += pw.stats.expected ?? 0;
  failed += pw.stats.unexpected ?? 0;
  // A journey that failed and then passed on its retry is not a pass: it is named, counted
  // apart, and stays a failure to fix (issue 30). CI keeps one retry so that a flake does not
  // stop a landing, but the summary no longer hides it.
  const flaky = flakyTitles(pw.suites ?? []);
  if (flaky.length > 0) {
    console.log(`\n${flaky.length} flaky (failed, then passed on the retry; failures to fix):`);
    for (const title of flaky) console.log(`  flaky: ${title}`);
  }
}
finish(e2eOk);

/** The titles of the tests Playwright's JSON report marks flaky, with their project. */
function flakyTitles(suites, path = []) {
  const out = [];
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") out.push(`[${test.projectName}] ${[...here, spec.title].join(" › ")}`);
      }
    }
    out.push(...flakyTitles(suite.suites ?? [], here));
  }
  return out;
}
