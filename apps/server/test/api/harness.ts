/**
 * Starts the real server in-process on a free port and talks to it over HTTP, the way the web
 * app does: the contract's envelope and call client.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCallClient, createEnvelope, ENVELOPE_ITERATIONS, type TEnvelope } from "@vitrine/contract";
import { buildApp, type TBuildAppOptions, type TBuiltApp } from "../../src/app";
import type { TConfig } from "../../src/config";
import { browserFetch } from "../support/browser-fetch";

/** A running server and a client for it. */
export interface TTestServer {
  built: TBuiltApp;
  config: TConfig;
  baseUrl: string;
  envelope: TEnvelope;
  send: ReturnType<typeof createCallClient>;
  /** POSTs a raw body (string or JSON-able) and returns status, headers and parsed JSON. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<TRawAnswer>;
  get(path: string): Promise<TRawAnswer>;
  shutdown(): Promise<void>;
}

/** A raw HTTP answer. */
export interface TRawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function answerOf(res: Response): Promise<TRawAnswer> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Builds the app for `config`, listens on 127.0.0.1:0 and returns a client for it. */
export async function startServer(
  config: TConfig,
  options: Omit<TBuildAppOptions, "config"> = {},
): Promise<TTestServer> {
  // As main.ts does: TRUST_PROXY (off unless set) decides whether X-Forwarded-For is believed.
  const built = await buildApp({ webDistDir: null, trustProxy: config.trustProxy, ...options, config });
  const address = await built.app.listen({ host: "127.0.0.1", port: 0 });
  const envelope = await createEnvelope({ ...config.envelope, iterations: ENVELOPE_ITERATIONS });
  return {
    built,
    config,
    baseUrl: address,
    envelope,
    send: createCallClient({ baseUrl: address, envelope, fetch: browserFetch }),
    async post(path, body, headers = {}) {
      const res = await browserFetch(`${address}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      return answerOf(res);
    },
    async get(path) {
      return answerOf(await browserFetch(`${address}${path}`));
    },
    shutdown: () => built.shutdown(),
  };
}

/**
 * A minimal web build: index.html, one hashed asset and one root file; with `withEmbedShell`,
 * also the visitor pages' own shell `embed.html` (titled "embed shell"); with `withHomeShells`,
 * the prerendered landing pages `home.ko.html` and `home.en.html` (titled "home ko", "home en").
 */
export function createWebDist(options: { withEmbedShell?: boolean; withHomeShells?: boolean } = {}): {
  dir: string;
  assetPath: string;
} {
  const dir = mkdtempSync(join(tmpdir(), "vitrine-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3d4.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, "assets", "index-a1b2c3d4.js"), 'console.log("vitrine");\n');
  writeFileSync(join(dir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  if (options.withEmbedShell) {
    writeFileSync(
      join(dir, "embed.html"),
      '<!doctype html><html><head><title>embed shell</title></head><body><div id="root"></div></body></html>',
    );
  }
  if (options.withHomeShells) {
    for (const language of ["ko", "en"]) {
      writeFileSync(
        join(dir, `home.${language}.html`),
        `<!doctype html><html lang="${language}"><head><title>home ${language}</title></head><body><div id="root" data-prerendered="home"></div></body></html>`,
      );
    }
  }
  return { dir, assetPath: "/assets/index-a1b2c3d4.js" };
}
