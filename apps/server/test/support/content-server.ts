/**
 * The server of the content API tests: the default modules on a database target, a client for
 * calls and multipart uploads, and ways to look at what was stored (blob files, rows).
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  CODES,
  contentDetailCall,
  loginCall,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TContentDoc,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { count } from "drizzle-orm";
import { contents, uploads } from "../../src/db/schema/content";
import type { TPlatform } from "../../src/platform/types";
import { startServer, type TTestServer } from "../api/harness";
import { testConfig } from "./config";
import { createUser, type TTestUser } from "./factories";

/** A file part of a multipart upload. */
export interface TPart {
  field?: string;
  name: string;
  type?: string;
  bytes: Uint8Array | string;
}

/** An answer: HTTP status and the envelope. */
export interface TAnswer<D> {
  http: number;
  body: TResponseEnvelope<D>;
}

/** A signed-in test user. */
export type TSignedIn = TTestUser & { token: string };

/** The content test server. */
export interface TContentServer {
  server: TTestServer;
  platform: TPlatform;
  dataDir: string;
  call<C extends TCall>(call: C, payload: TCallInput<C>, token?: string): Promise<TAnswer<TCallOutput<C>>>;
  upload<D = unknown>(
    path: string,
    parts: readonly TPart[],
    options?: { token?: string; fields?: Record<string, string> },
  ): Promise<TAnswer<D>>;
  /** A new user (Basic unless a trial end or super is given), signed in. */
  user(options?: { trialEndsAt?: Date | null; isSuper?: boolean }): Promise<TSignedIn>;
  /** Polls the detail call until the content is no longer `processing`. */
  settled(contentId: string, token: string): Promise<TContentDoc>;
  /** Blob files under DATA_DIR/blobs (metadata sidecars and temp files not counted). */
  blobFiles(): Promise<string[]>;
  /** Rows in the content tables. */
  rows(): Promise<{ contents: number; uploads: number }>;
  /** Files left in the upload temp folder. */
  tempFiles(): Promise<string[]>;
  shutdown(): Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else found.push(path);
  }
  return found;
}

/** A date one year ahead: a running trial (Advanced limits). */
export function trialRunning(): Date {
  return new Date(Date.now() + 365 * 86_400_000);
}

/** Starts the server for a database target's environment (plus `env`). */
export async function startContentServer(env: Partial<NodeJS.ProcessEnv>): Promise<TContentServer> {
  const config = testConfig({
    REDIS_URL: process.env.REDIS_URL,
    RATE_LIMITS_ENABLED: "false",
    JOBS_POLL_MS: "50",
    ...env,
  });
  const server = await startServer(config);
  const platform = server.built.platform;
  const { db } = platform.database;

  const call: TContentServer["call"] = async (c, payload, token) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const res = await server.post(c.path, await server.envelope.wrap(payload), headers);
    return { http: res.status, body: res.json as TResponseEnvelope<TCallOutput<typeof c>> };
  };

  return {
    server,
    platform,
    dataDir: config.dataDir,
    call,

    async upload<D>(
      path: string,
      parts: readonly TPart[],
      options: { token?: string; fields?: Record<string, string> } = {},
    ) {
      const form = new FormData();
      for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
      for (const part of parts) {
        const bytes = typeof part.bytes === "string" ? new TextEncoder().encode(part.bytes) : part.bytes;
        form.append(
          part.field ?? "files",
          new Blob([new Uint8Array(bytes)], { type: part.type ?? "" }),
          part.name,
        );
      }
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
        body: form,
      });
      return { http: res.status, body: (await res.json()) as TResponseEnvelope<D> };
    },

    async user(options = {}) {
      const user = await createUser(db, {
        trialEndsAt: options.trialEndsAt ?? null,
        isSuper: options.isSuper,
      });
      const res = await call(loginCall, { email_id: user.emailId, password: user.password });
      if (!res.body.status || res.body.rescode !== CODES.ok.rescode) {
        throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      }
      return { ...user, token: res.body.data.atk };
    },

    async settled(contentId, token) {
      for (let i = 0; i < 600; i++) {
        const res = await call(contentDetailCall, { content_id: contentId }, token);
        if (!res.body.status) throw new Error(`detail failed: ${JSON.stringify(res.body)}`);
        if (res.body.data.doc.status !== "processing") return res.body.data.doc;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error("processing did not finish");
    },

    async blobFiles() {
      const files = await filesUnder(join(config.dataDir, "blobs"));
      return files.filter((f) => !f.endsWith("~meta.json") && !f.split("/").pop()?.startsWith("."));
    },

    async rows() {
      const [c] = await db.select({ n: count() }).from(contents);
      const [u] = await db.select({ n: count() }).from(uploads);
      return { contents: c?.n ?? 0, uploads: u?.n ?? 0 };
    },

    tempFiles: () => filesUnder(join(config.dataDir, "tmp")),

    shutdown: () => server.shutdown(),
  };
}
