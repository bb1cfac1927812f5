/**
 * Sign-in and sessions through the real server: one answer for a wrong ID or password, limits
 * per account and per IP, access tokens refreshed with 803 on a live session, revocation
 * (sign-out, everywhere, password change), sliding expiry, user info, language, deletion.
 */
import {
  CODES,
  changePasswordCall,
  deleteAccountCall,
  forgotPasswordCall,
  loginCall,
  logoutCall,
  logoutEverywhereCall,
  registerCall,
  SUPER_LIST_FIXED_KEY,
  sendEmailCodeCall,
  setLanguageCall,
  superAccountListCall,
  userInfoCall,
  verifyEmailCodeCall,
} from "@vitrine/contract";
import { count, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  emailVerifications,
  passwordResets,
  sessions,
  userConsents,
  users,
} from "../../src/db/schema/accounts";
import type { TDeletedAccount } from "../../src/modules/accounts/service";
import { testDatabaseTargets } from "../support/databases";
import {
  createUser,
  startAccountsServer,
  type TAccountsTestServer,
  type TTestUser,
  uniqueEmail,
  uniqueIp,
} from "../support/factories";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const wrongCredentials = {
  status: false,
  rescode: CODES.wrongCredentials.rescode,
  data: null,
  message: "The email or password you entered is incorrect.",
};
const refused = { status: false, rescode: 403, data: null, message: "Please log in again." };

describe.each(targets)("sign-in and sessions on $name", (target) => {
  let t: TAccountsTestServer;
  let alice: TTestUser;
  beforeAll(async () => {
    t = await startAccountsServer({ ...target.env, ACCESS_TOKEN_TTL: "900" });
    alice = await createUser(t.platform.database.db, { emailId: uniqueEmail("alice") });
  });
  afterAll(() => t?.shutdown());

  const db = () => t.platform.database.db;
  const login = (emailId: string, password: string, ip = uniqueIp()) =>
    t.call(loginCall, { email_id: emailId, password }, { ip });
  const info = (token: string) => t.call(userInfoCall, {}, { token });

  it("signs in with a token naming a new session row", async () => {
    const res = await login(alice.emailId.toUpperCase(), alice.password);
    expect(res.body).toMatchObject({ status: true, rescode: 200, data: { user_id: alice.userId } });
    const atk = res.body.data.atk;
    const claims = JSON.parse(Buffer.from(atk.split(".")[1] ?? "", "base64url").toString()) as {
      sid: string;
    };
    const [row] = await db().select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(row).toMatchObject({ userId: alice.userId, revokedAt: null });
    expect((await info(atk)).body.data.docs[0]?.email_id).toBe(alice.emailId);
  });

  it("gives a wrong password and an unknown account the very same answer", async () => {
    const wrongPassword = await login(alice.emailId, "wrong-password1");
    const unknown = await login(uniqueEmail("nobody"), "wrong-password1");
    expect(wrongPassword.http).toBe(unknown.http);
    expect(wrongPassword.body).toEqual(wrongCredentials);
    expect(unknown.body).toEqual(wrongCredentials);
  });

  it("prompts for an empty e-mail or password", async () => {
    const res = await t.call(loginCall, { email_id: " ", password: "" });
    expect(res.http).toBe(400);
    expect(res.body.data).toEqual({
      fields: { email_id: "Please enter your email address.", password: "Please enter your password." },
    });
  });

  it("clears an account's failures from an IP when it signs in there", async () => {
    const carol = await createUser(db());
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) await login(carol.emailId, "nope-nope1", ip);
    expect((await login(carol.emailId, carol.password, ip)).body.status).toBe(true);
    for (let i = 0; i < 4; i++)
      expect((await login(carol.emailId, "nope-nope1", ip)).body).toEqual(wrongCredentials);
    expect((await login(carol.emailId, carol.password, ip)).body.status).toBe(true);
  });

  it("stops an IP after 20 sign-in attempts, whatever the accounts", async () => {
    const ip = uniqueIp();
    const dave = await createUser(db());
    for (let i = 0; i < 20; i++) {
      expect((await login(uniqueEmail("spray"), "nope-nope1", ip)).body).toEqual(wrongCredentials);
    }
    const blocked = await login(dave.emailId, dave.password, ip);
    expect(blocked.http).toBe(429);
    expect(blocked.body.message).toBe("Please try again later.");
    expect((await login(dave.emailId, dave.password)).body.status).toBe(true);
  });

  it("refreshes an expired token on a live session with 803 and a new atk; the repeat succeeds", async () => {
    const atk = await t.signIn(alice);
    t.clock.advance(901_000);
    const expired = await info(atk);
    expect(expired.http).toBe(200);
    expect(expired.body).toEqual({
      status: false,
      rescode: 803,
      data: null,
      atk: expect.any(String),
      message: "Your session was refreshed.",
    });
    const fresh = expired.body.atk ?? "";
    expect(fresh).not.toBe(atk);
    const repeated = await info(fresh);
    expect(repeated.body).toMatchObject({
      status: true,
      rescode: 200,
      data: { docs: [{ user_id: alice.userId }] },
    });
  });

  it("refuses a missing, malformed or forged token with 403", async () => {
    expect((await info("")).body).toEqual(refused);
    expect((await info("not-a-token")).body).toEqual(refused);
    const atk = await t.signIn(alice);
    const claims = JSON.parse(Buffer.from(atk.split(".")[1] ?? "", "base64url").toString()) as {
      sid: string;
      sub: string;
    };
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuer("vitrine")
      .setAudience("vitrine:access")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    const res = await info(forged);
    expect(res.http).toBe(403);
    expect(res.body).toEqual(refused);
  });

  it("ends the session on sign-out; the user's other sessions go on", async () => {
    const first = await t.signIn(alice);
    const second = await t.signIn(alice);
    expect((await t.call(logoutCall, {}, { token: first })).body).toMatchObject({
      status: true,
      data: { done: true },
    });
    const after = await info(first);
    expect(after.http).toBe(403);
    expect(after.body).toEqual(refused);
    // Even once expired, a revoked session's token is not refreshed.
    t.clock.advance(901_000);
    expect((await info(first)).body).toEqual(refused);
    expect((await info(second)).body.rescode).toBe(803);
  });

  it("ends every session on sign-out everywhere", async () => {
    const erin = await createUser(db());
    const a = await t.signIn(erin);
    const b = await t.signIn(erin);
    const res = await t.call(logoutEverywhereCall, {}, { token: a });
    expect(res.body).toMatchObject({ status: true, data: { ended: 2 } });
    expect((await info(a)).body).toEqual(refused);
    expect((await info(b)).body).toEqual(refused);
  });

  it("changes the password after checking the current one, ending every other session", async () => {
    const frank = await createUser(db());
    const here = await t.signIn(frank);
    const elsewhere = await t.signIn(frank);

    const wrong = await t.call(
      changePasswordCall,
      { current_password: "not-it-1", password: "newpass12" },
      { token: here },
    );
    expect(wrong.body).toEqual(wrongCredentials);
    const badFormat = await t.call(
      changePasswordCall,
      { current_password: frank.password, password: "short" },
      { token: here },
    );
    expect(badFormat.body.data).toEqual({ fields: { password: "Follow the password format." } });
    expect((await info(elsewhere)).body.status).toBe(true);

    const done = await t.call(
      changePasswordCall,
      { current_password: frank.password, password: "newpass12" },
      { token: here },
    );
    expect(done.body).toMatchObject({ status: true, data: { done: true } });
    expect((await info(here)).body.status).toBe(true);
    expect((await info(elsewhere)).body).toEqual(refused);
    expect((await login(frank.emailId, frank.password)).body).toEqual(wrongCredentials);
    expect((await login(frank.emailId, "newpass12")).body.status).toBe(true);
  });

  it("slides a session's 30-day expiry with use, writing it at most every few minutes", async () => {
    const grace = await createUser(db());
    const atk = await t.signIn(grace);
    const sid = (JSON.parse(Buffer.from(atk.split(".")[1] ?? "", "base64url").toString()) as { sid: string })
      .sid;
    const lastSeen = async () =>
      (
        await db().select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, sid))
      )[0]?.at.getTime();

    const opened = await lastSeen();
    t.clock.advance(MINUTE);
    expect((await info(atk)).body.status).toBe(true);
    expect(await lastSeen()).toBe(opened);

    // Used every 20 days, the session outlives 30 days; each time its token is refreshed first.
    let token = atk;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * DAY);
      const res = await info(token);
      expect(res.body.rescode).toBe(803);
      token = res.body.atk ?? "";
      expect((await info(token)).body.status).toBe(true);
    }
    expect(await lastSeen()).toBeGreaterThan(opened ?? 0);

    t.clock.advance(31 * DAY);
    expect((await info(token)).body).toEqual(refused);
  });

  it("answers the user info of SPEC §3, and stores the language", async () => {
    const plain = await createUser(db());
    const atk = await t.signIn(plain);
    const res = await info(atk);
    expect(res.body.data.docs).toEqual([
      {
        user_id: plain.userId,
        email_id: plain.emailId,
        email: plain.emailId,
        email_verified: true,
        plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
        active_plane: "free",
        payment_status: false,
        trial: false,
        trial_ends_at: null,
        is_super: false,
        language: "en",
        created_at: expect.any(String),
      },
    ]);
    const set = await t.call(setLanguageCall, { language: "ko" }, { token: atk });
    expect(set.body).toMatchObject({ status: true, data: { language: "ko" } });
    expect((await info(atk)).body.data.docs[0]?.language).toBe("ko");
    const bad = await t.call(setLanguageCall, { language: "fr" as "ko" }, { token: atk });
    expect(bad.http).toBe(400);
    expect((await info(atk)).body.data.docs[0]?.language).toBe("ko");
  });

  it("lets visitor calls through whatever token they carry", async () => {
    const res = await t.call(superAccountListCall, { key: SUPER_LIST_FIXED_KEY }, { token: "garbage" });
    expect(res.body.status).toBe(true);
  });

  it("deletes an account with its password: sessions, consents, codes, resets and the user go", async () => {
    const deleted: TDeletedAccount[] = [];
    t.accounts.service.onAccountDeleted(async (account) => {
      deleted.push(account);
    });
    // A full sign-up, so every table holds a row of this account.
    const email = uniqueEmail("leaving");
    await t.call(sendEmailCodeCall, { email, lang: "en" }, { ip: uniqueIp() });
    const code = /\b(\d{6})\b/.exec((await t.mailsTo(email)).at(-1)?.text ?? "")?.[1] ?? "";
    await t.call(verifyEmailCodeCall, { email, code });
    const consents = {
      terms: true,
      privacy: true,
      thirdParty: true,
      location: true,
      marketing: true,
      notifications: true,
    };
    const registered = await t.call(registerCall, {
      email_id: email,
      email,
      password: "secret12",
      code,
      consents,
      lang: "en",
    });
    const userId = registered.body.data.user_id;
    await t.call(forgotPasswordCall, { email, lang: "en" });
    const atk = await t.signIn({ emailId: email, password: "secret12" });
    const other = await t.signIn({ emailId: email, password: "secret12" });

    const rowsOf = async () => ({
      users: (await db().select({ n: count() }).from(users).where(eq(users.id, userId)))[0]?.n,
      sessions: (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]?.n,
      consents: (
        await db().select({ n: count() }).from(userConsents).where(eq(userConsents.userId, userId))
      )[0]?.n,
      resets: (
        await db().select({ n: count() }).from(passwordResets).where(eq(passwordResets.userId, userId))
      )[0]?.n,
      codes: (
        await db().select({ n: count() }).from(emailVerifications).where(eq(emailVerifications.email, email))
      )[0]?.n,
    });
    expect(await rowsOf()).toEqual({ users: 1, sessions: 2, consents: 6, resets: 1, codes: 1 });

    const wrong = await t.call(deleteAccountCall, { password: "not-it-1" }, { token: atk });
    expect(wrong.body).toEqual(wrongCredentials);
    expect((await rowsOf()).users).toBe(1);
    expect(deleted).toEqual([]);

    const done = await t.call(deleteAccountCall, { password: "secret12" }, { token: atk });
    expect(done.body).toMatchObject({ status: true, data: { deleted: true } });
    expect(await rowsOf()).toEqual({ users: 0, sessions: 0, consents: 0, resets: 0, codes: 0 });
    expect(deleted).toEqual([{ userId, emailId: email }]);

    // A token that outlived its account: the apology of SPEC §8, not a plain refusal.
    const gone = await info(other);
    expect(gone.body).toEqual({
      status: false,
      rescode: CODES.userNotFound.rescode,
      data: null,
      message: "Sorry, we could not find your account.",
    });
    expect((await login(email, "secret12")).body).toEqual(wrongCredentials);
  });
});
