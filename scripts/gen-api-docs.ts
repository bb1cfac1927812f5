/**
 * Generates docs/api.md from the contract: the envelope, every declared call (ALL_CALLS) with its
 * input and output as JSON Schema, the multipart upload routes with their answers, and the
 * result-code table (CODES).
 *
 *   npx tsx scripts/gen-api-docs.ts          writes docs/api.md
 *   npx tsx scripts/gen-api-docs.ts --check  exits 1 when docs/api.md is stale (CI)
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { TCall } from "@vitrine/contract";
import {
  ALL_CALLS,
  CODES,
  ENVELOPE_ITERATIONS,
  FILE_PURPOSE_TYPES,
  ZUploadFileResult,
  ZUploadMediaResult,
  ZUploadModelResult,
  ZUploadSealedResult,
} from "@vitrine/contract";
import { z } from "zod";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = fileURLToPath(new URL("../docs/api.md", import.meta.url));

/**
 * Formats the document with the repository's Biome (it formats the JSON blocks in Markdown), so
 * the committed file passes `biome check` and `--check` compares like with like.
 */
function formatWithBiome(text: string): string {
  const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
  const result = spawnSync(process.execPath, [biome, "format", "--stdin-file-path=docs/api.md"], {
    cwd: ROOT,
    input: text,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`biome format failed: ${result.stderr}`);
  return result.stdout;
}

const AUTH_TEXT: Record<TCall["auth"], string> = {
  none: "none (visitors)",
  owner: "owner (`Authorization: Bearer <atk>`)",
  super: "super account (`Authorization: Bearer <atk>`)",
};

/** JSON Schema of one side of a call; refinements are not representable and are left out. */
function schemaOf(schema: z.ZodType, io: "input" | "output"): string {
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
    delete json.$schema;
    return JSON.stringify(json, null, 2);
  } catch (error) {
    return JSON.stringify({
      note: `not representable: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/** Escapes a table cell. */
function cell(text: string | number): string {
  return String(text).replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function envelopeSection(): string[] {
  return [
    "## Envelope",
    "",
    "Every call is `POST /api/<path>` with a JSON body and `content-type: application/json`.",
    "Calls whose auth is `owner` or `super` send `Authorization: Bearer <atk>`.",
    "",
    "### Request body",
    "",
    '- **Plain mode** (envelope disabled): `{"data": <payload>}`.',
    '- **Encrypted mode** (the default): `{"data": "<base64(iv[12] ‖ ciphertext ‖ tag[16])>"}`, where the',
    "  plaintext is the JSON of the payload, encrypted with AES-256-GCM under",
    `  \`key = PBKDF2-HMAC-SHA256(utf8(secret), utf8(salt), ${ENVELOPE_ITERATIONS}, 32 bytes)\`.`,
    "  A fresh random 12-byte IV is used for each request; the 16-byte tag follows the ciphertext.",
    "",
    "`GET /api/client-config` publishes the settings:",
    '`{"enabled": bool, "secret": string, "salt": string, "iterations": 10000}`.',
    "The secret is public by design (the web app must know it): the envelope is no protection;",
    "**TLS is what protects traffic.** A body that cannot be opened answers `badRequest` (1400).",
    "",
    "### Response body",
    "",
    "Responses are always plain JSON:",
    "",
    "```json",
    '{ "status": true, "rescode": 200, "data": { }, "atk": "optional new access token", "message": "optional" }',
    "```",
    "",
    "- `status`: `true` on success; `false` with a `rescode` from the table below and its `message`.",
    "- `rescode` 803: the access token expired on a live session; `atk` carries a new one. Store it and",
    "  repeat the call once.",
    "- `rescode` 403: not allowed; the client clears its token and goes to `/`.",
    "- `validation` (1002) answers `data.fields`: field path → message (the messages of SPEC §5).",
    "- `planLimit` (1402) answers `data.limit`: the name of the limit reached.",
    "- A transport failure (no answer) is reported by the client as `status: false` with rescode 1001.",
    "",
    "The schemas below are JSON Schema (draft 2020-12) generated from the zod declarations.",
    "Rules written as refinements (e-mail format, password rule, required consents…) are enforced",
    "but not shown; the messages they give are those of SPEC §5.",
    "",
  ];
}

function callsSection(calls: readonly TCall[]): string[] {
  const modules = [...new Set(calls.map((c) => c.module))];
  const lines: string[] = ["## Calls", ""];
  for (const module of modules) {
    lines.push(`- [${module}](#module-${module})`);
  }
  lines.push("");
  for (const module of modules) {
    lines.push(`### Module ${module}`, "");
    for (const call of calls.filter((c) => c.module === module)) {
      lines.push(
        `#### \`${call.path}\``,
        "",
        call.summary,
        "",
        `- Auth: ${AUTH_TEXT[call.auth]}`,
        `- Rate class: \`${call.rate}\``,
        "",
        "Input (`data`):",
        "",
        "```json",
        schemaOf(call.input, "input"),
        "```",
        "",
        "Output (`data` of a successful response):",
        "",
        "```json",
        schemaOf(call.output, "output"),
        "```",
        "",
      );
    }
  }
  return lines;
}

/** The multipart upload routes: Bearer token, parts and fields, the envelope's `data`. */
function uploadsSection(): string[] {
  const routes: Array<[string, string, z.ZodType]> = [
    ["/api/upload/model", "parts `files`: one `.glb`, or one `.gltf` with its files", ZUploadModelResult],
    [
      "/api/upload/image",
      "field `purpose`, optional `content_id`; part `file` (jpg, png)",
      ZUploadMediaResult,
    ],
    ["/api/upload/video", "optional `content_id`; part `file` (mp4)", ZUploadMediaResult],
    [
      "/api/upload/file",
      `field \`purpose\`; part \`file\`. Types by purpose: ${Object.entries(FILE_PURPOSE_TYPES)
        .map(([purpose, types]) => `${purpose}: ${Object.keys(types).join(", ")}`)
        .join("; ")}`,
      ZUploadFileResult,
    ],
    ["/api/upload/sealed", "field `content_id`; part `file` (ciphertext)", ZUploadSealedResult],
  ];
  const lines = [
    "## Upload routes",
    "",
    "`POST` with `multipart/form-data` and `Authorization: Bearer <atk>`; the answer is the envelope",
    "with these `data`. Every file passes the §5 checker (`checkUpload`); nothing is stored on refusal.",
    "",
  ];
  for (const [path, parts, output] of routes) {
    lines.push(
      `#### \`${path}\``,
      "",
      parts,
      "",
      "Output (`data`):",
      "",
      "```json",
      schemaOf(output, "output"),
      "```",
      "",
    );
  }
  return lines;
}

function codesSection(): string[] {
  const lines = [
    "## Result codes",
    "",
    "`Name` is the `AppError` code in server code; `Key` the i18n key in the `codes` namespace.",
    "Success messages share rescode 200.",
    "",
    "| Name | rescode | HTTP | Key | English message |",
    "|---|---|---|---|---|",
  ];
  for (const [name, code] of Object.entries(CODES)) {
    lines.push(
      `| ${cell(name)} | ${code.rescode} | ${code.http} | ${cell(code.key)} | ${cell(code.message)} |`,
    );
  }
  lines.push("");
  return lines;
}

/** The whole document. */
function renderApiDocs(calls: readonly TCall[] = ALL_CALLS): string {
  return [
    "# API reference",
    "",
    "<!-- Generated by `npx tsx scripts/gen-api-docs.ts` from packages/contract. Do not edit by hand. -->",
    "",
    ...envelopeSection(),
    ...callsSection(calls),
    ...uploadsSection(),
    ...codesSection(),
  ].join("\n");
}

function main(): void {
  const text = formatWithBiome(renderApiDocs());
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(OUT, "utf8");
    } catch {
      // A missing file is as stale as an outdated one.
    }
    if (current !== text) {
      console.error("docs/api.md is stale: run `npx tsx scripts/gen-api-docs.ts` and commit it.");
      process.exit(1);
    }
    console.log("docs/api.md is up to date.");
    return;
  }
  writeFileSync(OUT, text);
  console.log(`wrote docs/api.md (${ALL_CALLS.length} calls, ${Object.keys(CODES).length} codes)`);
}

main();
