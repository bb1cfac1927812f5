/**
 * Factories for API tests: users stored straight in the database (no mail round trip), a server
 * whose accounts module runs on a clock the test moves, and a client that can choose its IP
 * (`X-Forwarded-For`, the server trusts it here) and its token.
 */
import { randomBytes } from "node:crypto";
import {
  CODES,
  loginCall,
  newId,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { defaultModules } from "../../src/app";
import { users } from "../../src/db/schema/accounts";
import { contents } from "../../src/db/schema/content";
import { hashPassword } from "../../src/modules/accounts/passwords";
import { createAccountsModule, type TAccountsModule } from "../../src/modules/accounts/routes";
import { emptyBuild, emptySpecification } from "../../src/modules/content/service";
import type { TPaymentsModule } from "../../src/modules/payments/routes";
import { closePlatform, createPlatform } from "../../src/platform/index";
import { readOutbox, type TOutboxMessage } from "../../src/platform/mail/index";
import { createRateLimiter, RATE_BUCKETS } from "../../src/platform/rate-limit/index";
import type { TDrizzle, TPlatform } from "../../src/platform/types";
import { startServer, type TTestServer } from "../api/harness";
import { testConfig, testLogger } from "./config";

/** A clock tests move forward instead of waiting. */
export interface TTestClock {
  now(): Date;
  advance(ms: number): void;
}

/** A clock starting at the real time. */
export function testClock(): TTestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

let userCount = 0;

/** A fresh, valid, unused e-mail address. */
export function uniqueEmail(label = "user"): string {
  userCount += 1;
  return `${label}${userCount}.${randomBytes(4).toString("hex")}@example.com`;
}

/** A fresh IP for one test's requests, so per-IP limits of other tests do not interfere. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** A user made by `createUser`, with the password it signs in with. */
export interface TTestUser {
  userId: string;
  emailId: string;
  password: string;
}

/** Stores a user (argon2id hash, verified address, no trial unless given). */
export async function createUser(
  db: TDrizzle,
  options: { emailId?: string; password?: string; isSuper?: boolean; trialEndsAt?: Date | null } = {},
): Promise<TTestUser> {
  const emailId = options.emailId ?? uniqueEmail();
  const password = options.password ?? "secret12";
  const userId = newId("user");
  const now = new Date();
  await db.insert(users).values({
    id: userId,
    emailId,
    email: emailId,
    emailVerifiedAt: now,
    passwordHash: await hashPassword(password),
    isSuper: options.isSuper ?? false,
    trialEndsAt: options.trialEndsAt ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return { userId, emailId, password };
}

/** Stores `n` contents of `ownerId` (failed, private: they count toward the plan's limit only). */
export async function createContentRows(db: TDrizzle, ownerId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = newId("content");
    await db.insert(contents).values({
      id,
      ownerId,
      title: `Chair ${i + 1}`,
      status: "failed",
      isPublic: false,
      originalKey: "0".repeat(64),
      build: emptyBuild(),
      specification: emptySpecification(),
    });
    ids.push(id);
  }
  return ids;
}

/** A server whose payments module runs on `clock` (no renewal timer, no analytics rollup timer). */
export async function startBillingServer(
  env: Partial<NodeJS.ProcessEnv>,
  clock: TTestClock,
): Promise<{ server: TTestServer; billing: TPaymentsModule }> {
  let billing: TPaymentsModule | undefined;
  const server = await startServer(
    testConfig({ RATE_LIMITS_ENABLED: "false", RENEWAL_CHECK_MS: "0", ...env }),
    {
      modules: (p) => {
        const modules = defaultModules(p, {
          payments: { now: clock.now },
          analytics: { rollupTimer: false },
        });
        billing = modules.find((m) => m.name === "payments") as TPaymentsModule;
        return modules;
      },
    },
  );
  if (!billing) throw new Error("no payments module");
  return { server, billing };
}

/** A call's answer over HTTP: the HTTP status and the envelope. */
export interface TCallAnswer<D> {
  http: number;
  body: TResponseEnvelope<D>;
  headers: Headers;
}

/** The test server of the accounts tests. */
export interface TAccountsTestServer {
  server: TTestServer;
  platform: TPlatform;
  accounts: TAccountsModule;
  clock: TTestClock;
  /** Makes a call from `ip` (default 127.0.0.1) with `token` and a `Cookie` header, over the encrypted envelope. */
  call<C extends TCall>(
    call: C,
    payload: TCallInput<C>,
    options?: { token?: string; ip?: string; cookie?: string },
  ): Promise<TCallAnswer<TCallOutput<C>>>;
  /** Signs in and answers the access token; fails the test when sign-in fails. */
  signIn(user: Pick<TTestUser, "emailId" | "password">, ip?: string): Promise<string>;
  /** Mails written to `to` so far, oldest first. */
  mailsTo(to: string): Promise<TOutboxMessage[]>;
  shutdown(): Promise<void>;
}

/**
 * Starts the server for `env` with the accounts module on a test clock. The per-IP class limit
 * of auth calls is raised so the accounts' own limits (per account, per IP sign-in) are what trip.
 */
export async function startAccountsServer(
  env: Partial<NodeJS.ProcessEnv>,
  options: { webDistDir?: string | null } = {},
): Promise<TAccountsTestServer> {
  const config = testConfig({ REDIS_URL: process.env.REDIS_URL, ...env });
  const base = await createPlatform(config, testLogger());
  const rateLimits = await createRateLimiter(config, testLogger(), {
    keyPrefix: `vitrine-test:${randomBytes(6).toString("hex")}`,
    buckets: { ...RATE_BUCKETS, auth: { points: 100_000, duration: 60 } },
  });
  await base.rateLimits.close();
  const platform: TPlatform = { ...base, rateLimits };
  const clock = testClock();
  let accounts: TAccountsModule | undefined;
  const server = await startServer(config, {
    platform,
    trustProxy: true,
    webDistDir: options.webDistDir ?? null,
    modules: (p) => {
      accounts = createAccountsModule(p, { now: clock.now });
      return [accounts, ...defaultModules(p).filter((m) => m.name !== "accounts")];
    },
  });
  if (!accounts) throw new Error("accounts module not created");
  const module = accounts;

  const call: TAccountsTestServer["call"] = async (c, payload, options = {}) => {
    const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? "127.0.0.1" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    const res = await server.post(c.path, await server.envelope.wrap(payload), headers);
    return {
      http: res.status,
      body: res.json as TResponseEnvelope<TCallOutput<typeof c>>,
      headers: res.headers,
    };
  };

  return {
    server,
    platform,
    accounts: module,
    clock,
    call,
    async signIn(user, ip) {
      const res = await call(
        loginCall,
        { email_id: user.emailId, password: user.password },
        { ip: ip ?? uniqueIp() },
      );
      if (!res.body.status || res.body.rescode !== CODES.ok.rescode) {
        throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
      }
      return res.body.data.atk;
    },
    async mailsTo(to) {
      await module.service.resets.settle();
      return (await readOutbox(config.dataDir)).filter((m) => m.to === to);
    },
    async shutdown() {
      await server.shutdown();
      await closePlatform(platform);
    },
  };
}
