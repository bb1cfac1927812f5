/**
 * The server of the sharing API tests: the default modules (sealed cap lowered to 64 KiB) on a
 * database target, PUBLIC_URL https (so cookies are `SameSite=None; Secure`), rate limits on
 * with the per-IP class buckets raised (the share-link password bucket is what trips), a client
 * that sends cookies and an IP, and factories for owners on each plan and ready contents.
 */
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  CODES,
  loginCall,
  newId,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { defaultModules } from "../../src/app";
import { users } from "../../src/db/schema/accounts";
import { contents } from "../../src/db/schema/content";
import { emptyBuild, emptySpecification } from "../../src/modules/content/service";
import { putWithHash } from "../../src/platform/blobs/index";
import { closePlatform, createPlatform } from "../../src/platform/index";
import { createRateLimiter, RATE_BUCKETS, RATE_CLASS_BUCKETS } from "../../src/platform/rate-limit/index";
import type { TPlatform } from "../../src/platform/types";
import { testConfig, testLogger } from "../support/config";
import { createUser, uniqueIp } from "../support/factories";
import { gradientPng } from "../support/models";
import { startServer, type TTestServer } from "./harness";

/** The public address the test server believes it has. */
export const PUBLIC_URL = "https://vitrine.example";
/** The sealed cap of the test server. */
export const TEST_SEALED_MAX = 64 * 1024;

/** A cookie the server set: value and attributes (lower-case names). */
export interface TSetCookie {
  value: string;
  attributes: Record<string, string | true>;
}

/** An answer with the cookies it set. */
export interface TSharingAnswer<D> {
  http: number;
  body: TResponseEnvelope<D>;
  cookies: Record<string, TSetCookie>;
}

/** A signed-in owner. */
export interface TOwner {
  userId: string;
  emailId: string;
  password: string;
  token: string;
}

/** Options of a test content. */
export interface TContentOptions {
  title?: string;
  isPublic?: boolean;
  status?: "processing" | "ready" | "failed";
  withThumbnail?: boolean;
}

/** The sharing test server. */
export interface TSharingServer {
  server: TTestServer;
  platform: TPlatform;
  call<C extends TCall>(
    call: C,
    payload: TCallInput<C>,
    options?: { token?: string; ip?: string; cookies?: Record<string, string>; userAgent?: string },
  ): Promise<TSharingAnswer<TCallOutput<C>>>;
  /** A signed-in owner on `level` (advanced through a running trial). */
  owner(level: "basic" | "standard" | "advanced"): Promise<TOwner>;
  /** A content of `ownerId`, ready by default, with a stored (tiny) model blob. */
  content(ownerId: string, options?: TContentOptions): Promise<string>;
  uploadSealed(
    token: string,
    contentId: string,
    bytes: Uint8Array,
  ): Promise<{ http: number; body: TResponseEnvelope<unknown> }>;
  /** Sealed blob files stored. */
  sealedBlobs(): Promise<string[]>;
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string; headers: Headers }>;
  shutdown(): Promise<void>;
}

/** Parses `Set-Cookie` headers. */
export function parseSetCookies(headers: Headers): Record<string, TSetCookie> {
  const found: Record<string, TSetCookie> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = "", ...rest] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const eqAt = attribute.indexOf("=");
      if (eqAt < 0) attributes[attribute.toLowerCase()] = true;
      else attributes[attribute.slice(0, eqAt).toLowerCase()] = attribute.slice(eqAt + 1);
    }
    found[pair.slice(0, at)] = { value: pair.slice(at + 1), attributes };
  }
  return found;
}

/** Starts the sharing test server for a database target's environment. */
export async function startSharingServer(
  env: Partial<NodeJS.ProcessEnv>,
  options: { webDistDir?: string | null; now?: () => Date } = {},
): Promise<TSharingServer> {
  const config = testConfig({
    REDIS_URL: process.env.REDIS_URL,
    JOBS_POLL_MS: "50",
    PUBLIC_URL,
    RATE_LIMITS_ENABLED: "true",
    ...env,
  });
  const base = await createPlatform(config, testLogger());
  const lifted = Object.fromEntries(
    Object.keys(RATE_CLASS_BUCKETS).map((name) => [name, { points: 100_000, duration: 60 }]),
  );
  const rateLimits = await createRateLimiter(config, testLogger(), {
    keyPrefix: `vitrine-test:${randomBytes(6).toString("hex")}`,
    buckets: { ...RATE_BUCKETS, ...lifted },
  });
  await base.rateLimits.close();
  const platform: TPlatform = { ...base, rateLimits };
  const server = await startServer(config, {
    platform,
    trustProxy: true,
    webDistDir: options.webDistDir ?? null,
    modules: (p) =>
      defaultModules(p, {
        sharing: { sealedMaxBytes: TEST_SEALED_MAX, ...(options.now ? { now: options.now } : {}) },
        analytics: { ...(options.now ? { now: options.now } : {}), rollupTimer: false },
      }),
  });
  const { db } = platform.database;
  const modelKey = await putWithHash(platform.blobs, randomBytes(64), "model/gltf-binary", "glb");
  const thumbnailKey = await putWithHash(
    platform.blobs,
    Buffer.from(await gradientPng(64)),
    "image/png",
    "png",
  );

  const call: TSharingServer["call"] = async (c, payload, callOptions = {}) => {
    const headers: Record<string, string> = { "x-forwarded-for": callOptions.ip ?? uniqueIp() };
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    if (callOptions.userAgent !== undefined) headers["user-agent"] = callOptions.userAgent;
    const cookies = Object.entries(callOptions.cookies ?? {});
    if (cookies.length > 0) headers.cookie = cookies.map(([name, value]) => `${name}=${value}`).join("; ");
    const res = await server.post(c.path, await server.envelope.wrap(payload), headers);
    return {
      http: res.status,
      body: res.json as TResponseEnvelope<TCallOutput<typeof c>>,
      cookies: parseSetCookies(res.headers),
    };
  };

  return {
    server,
    platform,
    call,

    async owner(level) {
      const user = await createUser(db, {
        trialEndsAt: level === "advanced" ? new Date(Date.now() + 30 * 86_400_000) : null,
      });
      if (level === "standard") {
        await db
          .update(users)
          .set({ activePlane: "standard", paymentStatus: true })
          .where(eq(users.id, user.userId));
      }
      const res = await call(loginCall, { email_id: user.emailId, password: user.password });
      if (!res.body.status || res.body.rescode !== CODES.ok.rescode) {
        throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      }
      return { ...user, token: res.body.data.atk };
    },

    async content(ownerId, contentOptions = {}) {
      const id = newId("content");
      const status = contentOptions.status ?? "ready";
      await db.insert(contents).values({
        id,
        ownerId,
        title: contentOptions.title ?? "Desk lamp",
        status,
        isPublic: contentOptions.isPublic ?? false,
        originalKey: modelKey,
        modelKey: status === "ready" ? modelKey : null,
        modelInfo:
          status === "ready"
            ? {
                clips: [],
                materials: [],
                dimensions: [0.3, 0.5, 0.3],
                triangles: 12,
                original_bytes: 64,
                optimized_bytes: 64,
              }
            : null,
        thumbnailUrl: contentOptions.withThumbnail ? `/blobs/${thumbnailKey}` : null,
        build: emptyBuild(),
        specification: emptySpecification(),
      });
      return id;
    },

    async uploadSealed(token, contentId, bytes) {
      const form = new FormData();
      form.append("content_id", contentId);
      form.append(
        "file",
        new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }),
        "snapshot.bin",
      );
      const res = await fetch(`${server.baseUrl}/api/upload/sealed`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": uniqueIp() },
        body: form,
      });
      return { http: res.status, body: (await res.json()) as TResponseEnvelope<unknown> };
    },

    async sealedBlobs() {
      const dir = join(config.dataDir, "blobs");
      const found: string[] = [];
      const walk = async (path: string): Promise<void> => {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(path, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          if (entry.isDirectory()) await walk(join(path, entry.name));
          else if (entry.name.endsWith(".sealed")) found.push(entry.name);
        }
      };
      await walk(dir);
      return found;
    },

    async get(path, headers = {}) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers });
      return { status: res.status, text: await res.text(), headers: res.headers };
    },

    async shutdown() {
      await server.shutdown();
      await closePlatform(platform);
    },
  };
}
