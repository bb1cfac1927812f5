/**
 * Sign-in limits that keep brute force out without letting a stranger lock the owner out
 * (issue 9, item 3): a stranger's failures from many IPs do not stop the owner on a known device
 * or from its own IP; one IP hammering one account is stopped; every refusal names the wait.
 */
import { CODES, forgotPasswordCall, loginCall, resetPasswordCall } from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOGIN_BACKOFF_FIRST_SECONDS, LOGIN_FREE_FAILURES } from "../../src/modules/accounts/deps";
import { testDatabaseTargets } from "../support/databases";
import {
  createUser,
  startAccountsServer,
  type TAccountsTestServer,
  type TTestUser,
  uniqueEmail,
  uniqueIp,
} from "../support/factories";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** The wait a refusal names. */
function waitOf(data: unknown): number {
  const seconds = (data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === "number" ? seconds : Number.NaN;
}

const wrongCredentials = {
  status: false,
  rescode: CODES.wrongCredentials.rescode,
  data: null,
  message: "The email or password you entered is incorrect.",
};

describe.each(targets)("sign-in limits on $name", (target) => {
  let t: TAccountsTestServer;
  beforeAll(async () => {
    t = await startAccountsServer(target.env);
  });
  afterAll(() => t?.shutdown());

  const db = () => t.platform.database.db;
  const login = (user: Pick<TTestUser, "emailId">, password: string, ip: string, cookie?: string) =>
    t.call(loginCall, { email_id: user.emailId, password }, { ip, ...(cookie ? { cookie } : {}) });

  /** The device cookie a successful sign-in set, as a `Cookie` header value. */
  function deviceCookieOf(headers: Headers): string {
    const set = headers.getSetCookie().find((c) => c.startsWith("vt_dev_"));
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Path=\/api\//);
    return (set ?? "").split(";")[0] ?? "";
  }

  /** A stranger fails `count` times from as many IPs, then once more: that one is held back. */
  async function attack(victim: Pick<TTestUser, "emailId">, count: number) {
    for (let i = 0; i < count; i++) {
      expect((await login(victim, "guess-guess1", uniqueIp())).body).toEqual(wrongCredentials);
    }
  }

  it("lets the owner in from a known device while strangers fail from many IPs", async () => {
    const owner = await createUser(db());
    const home = uniqueIp();
    const first = await login(owner, owner.password, home);
    expect(first.body.status).toBe(true);
    const device = deviceCookieOf(first.headers);

    await attack(owner, LOGIN_FREE_FAILURES + 1);
    const stranger = await login(owner, owner.password, uniqueIp());
    expect(stranger.http).toBe(429);
    expect(stranger.body).toEqual({
      status: false,
      rescode: CODES.rateLimited.rescode,
      data: { retryAfterSeconds: expect.any(Number) },
      message: "Please try again later.",
    });
    const wait = waitOf(stranger.body.data);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_BACKOFF_FIRST_SECONDS);

    // The owner's device, even from a café's IP, and the owner's own IP, even without the cookie.
    expect((await login(owner, owner.password, uniqueIp(), device)).body).toMatchObject({
      status: true,
      data: { user_id: owner.userId },
    });
    expect((await login(owner, owner.password, home)).body).toMatchObject({
      status: true,
      data: { user_id: owner.userId },
    });
  });

  it("does not take another account's device cookie as a known device", async () => {
    const owner = await createUser(db());
    const other = await createUser(db());
    const otherDevice = deviceCookieOf((await login(other, other.password, uniqueIp())).headers);
    await attack(owner, LOGIN_FREE_FAILURES + 1);
    const borrowed = await login(owner, owner.password, uniqueIp(), otherDevice.replace(/=.*/, "=forged"));
    expect(borrowed.http).toBe(429);
    const renamed = await login(owner, owner.password, uniqueIp(), otherDevice);
    expect(renamed.http).toBe(429);
  });

  it("holds a new device in a new place back like a stranger, until a password reset", async () => {
    const owner = await createUser(db());
    await attack(owner, LOGIN_FREE_FAILURES + 1);
    expect((await login(owner, owner.password, uniqueIp())).http).toBe(429);
    await t.call(forgotPasswordCall, { email: owner.emailId, lang: "en" }, { ip: uniqueIp() });
    const token = /\/passwd\/reset\/([A-Za-z0-9_-]+)/.exec(
      (await t.mailsTo(owner.emailId)).at(-1)?.text ?? "",
    )?.[1];
    expect((await t.call(resetPasswordCall, { token: token ?? "", password: "fresh123" })).body.status).toBe(
      true,
    );
    expect((await login(owner, "fresh123", uniqueIp())).body.status).toBe(true);
  });

  it("stops one IP after 5 tries on one account, even with the right password, and names the wait", async () => {
    const owner = await createUser(db());
    const attacker = uniqueIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(owner, "guess-guess1", attacker)).body).toEqual(wrongCredentials);
    }
    const stopped = await login(owner, owner.password, attacker);
    expect(stopped.http).toBe(429);
    expect(stopped.body.data).toEqual({ retryAfterSeconds: expect.any(Number) });
    const wait = waitOf(stopped.body.data);
    expect(wait).toBeGreaterThan(60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // The owner, elsewhere, is not stopped by it.
    expect((await login(owner, owner.password, uniqueIp())).body.status).toBe(true);
  });

  it("limits an unknown account the same way, so the limits tell nothing", async () => {
    const ghost = { emailId: uniqueEmail("ghost") };
    const attacker = uniqueIp();
    for (let i = 0; i < 5; i++)
      expect((await login(ghost, "guess-guess1", attacker)).body).toEqual(wrongCredentials);
    expect((await login(ghost, "guess-guess1", attacker)).http).toBe(429);
    const other = { emailId: uniqueEmail("ghost") };
    await attack(other, LOGIN_FREE_FAILURES + 1);
    expect((await login(other, "guess-guess1", uniqueIp())).http).toBe(429);
  });
});
