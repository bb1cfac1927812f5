/**
 * Password reset and super accounts through the real server: the same answer for any address,
 * single-use one-hour links built from PUBLIC_URL, sessions ended by a reset, the reset page's
 * referrer policy; super accounts from SUPER_ADMIN_EMAIL and `admin:create`, and calls that
 * leak nothing else about them.
 */
import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  CODES,
  forgotPasswordCall,
  loginCall,
  resetPasswordCall,
  SUPER_LIST_FIXED_KEY,
  superAccountCheckCall,
  superAccountListCall,
  userInfoCall,
} from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResets, users } from "../../src/db/schema/accounts";
import { seedPglite, tempDataDir, testDatabaseTargets } from "../support/databases";
import {
  createUser,
  startAccountsServer,
  type TAccountsTestServer,
  type TTestUser,
  uniqueEmail,
  uniqueIp,
} from "../support/factories";
import { createWebDist } from "./harness";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const PUBLIC_URL = "https://vitrine.example";
const LINK_RE = /https?:\/\/[^\s"<>]+\/passwd\/reset\/([A-Za-z0-9_-]+)/;
const linkInvalid = {
  status: false,
  rescode: CODES.resetLinkInvalid.rescode,
  data: null,
  message: "This link is invalid or has expired. Please ask for a new one.",
};

describe.each(targets)("password reset on $name", (target) => {
  let t: TAccountsTestServer;
  let web: ReturnType<typeof createWebDist>;
  beforeAll(async () => {
    web = createWebDist();
    t = await startAccountsServer({ ...target.env, PUBLIC_URL }, { webDistDir: web.dir });
  });
  afterAll(() => t?.shutdown());

  const db = () => t.platform.database.db;
  const forgot = (email: string, lang: "en" | "ko" = "en") =>
    t.call(forgotPasswordCall, { email, lang }, { ip: uniqueIp() });
  const reset = (token: string, password: string) => t.call(resetPasswordCall, { token, password });

  async function lastLink(to: string): Promise<{ link: string; token: string }> {
    const match = LINK_RE.exec((await t.mailsTo(to)).at(-1)?.text ?? "");
    if (!match?.[1]) throw new Error(`no reset link mailed to ${to}`);
    return { link: match[0], token: match[1] };
  }

  it("answers the same for an address with or without an account, and mails only the account", async () => {
    const user = await createUser(db());
    const unknown = uniqueEmail("unknown");
    const known = await forgot(user.emailId);
    const none = await forgot(unknown);
    expect(known.http).toBe(none.http);
    expect(known.body).toEqual(none.body);
    expect(known.body).toEqual({ status: true, rescode: 200, data: { sent: true } });
    expect(await t.mailsTo(unknown)).toHaveLength(0);
    const [mail] = await t.mailsTo(user.emailId);
    expect(mail?.subject).toBe("Reset your Vitrine password");
    const { link, token } = await lastLink(user.emailId);
    expect(link).toBe(`${PUBLIC_URL}/passwd/reset/${token}`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(mail?.html).toContain(link);
    const [row] = await db().select().from(passwordResets).where(eq(passwordResets.userId, user.userId));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("writes the mail in the language asked for, and never takes the link from the Host header", async () => {
    const user = await createUser(db());
    const body = await t.server.envelope.wrap({ email: user.emailId, lang: "ko" });
    await t.server.post(forgotPasswordCall.path, body, {
      "x-forwarded-for": uniqueIp(),
      "x-forwarded-host": "evil.example",
    });
    const [mail] = await t.mailsTo(user.emailId);
    expect(mail?.subject).toBe("Vitrine 비밀번호 재설정");
    expect((await lastLink(user.emailId)).link.startsWith(`${PUBLIC_URL}/passwd/reset/`)).toBe(true);
  });

  it("resets once: sessions end, the new password signs in, the link then fails", async () => {
    const user = await createUser(db());
    const atk = await t.signIn(user);
    await forgot(user.emailId);
    const { token } = await lastLink(user.emailId);

    const badPassword = await reset(token, "short");
    expect(badPassword.body.data).toEqual({ fields: { password: "Follow the password format." } });

    expect((await reset(token, "fresh123")).body).toEqual({
      status: true,
      rescode: 200,
      data: { done: true },
    });
    expect((await t.call(userInfoCall, {}, { token: atk })).body.rescode).toBe(403);
    const old = await t.call(
      loginCall,
      { email_id: user.emailId, password: user.password },
      { ip: uniqueIp() },
    );
    expect(old.body.rescode).toBe(CODES.wrongCredentials.rescode);
    expect(await t.signIn({ emailId: user.emailId, password: "fresh123" })).toEqual(expect.any(String));

    const again = await reset(token, "again1234");
    expect(again.http).toBe(404);
    expect(again.body).toEqual(linkInvalid);
  });

  it("voids older links once a reset is done, and every link after an hour", async () => {
    const user = await createUser(db());
    await forgot(user.emailId);
    const first = (await lastLink(user.emailId)).token;
    await forgot(user.emailId);
    const second = (await lastLink(user.emailId)).token;
    expect(second).not.toBe(first);
    expect((await reset(second, "second12")).body.status).toBe(true);
    expect((await reset(first, "first123")).body).toEqual(linkInvalid);

    await forgot(user.emailId);
    const late = (await lastLink(user.emailId)).token;
    t.clock.advance(61 * 60_000);
    expect((await reset(late, "late1234")).body).toEqual(linkInvalid);
    expect((await reset("x".repeat(43), "guess1234")).body).toEqual(linkInvalid);
  });

  it("limits reset mails per address, known or not, with 'Please try again later.'", async () => {
    const user = await createUser(db());
    const unknown = uniqueEmail("flood");
    for (const address of [user.emailId, unknown]) {
      for (let i = 0; i < 5; i++) expect((await forgot(address)).body.status).toBe(true);
      const sixth = await forgot(address);
      expect(sixth.http).toBe(429);
      expect(sixth.body.message).toBe("Please try again later.");
    }
    expect(await t.mailsTo(user.emailId)).toHaveLength(5);
  });

  it("serves the reset page with no referrer, and other pages with the usual policy", async () => {
    const page = await t.server.get("/passwd/reset/some-token-value");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await t.server.get("/login")).headers.get("referrer-policy")).toBe(
      "strict-origin-when-cross-origin",
    );
  });
});

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** Runs `npm run admin:create`'s script against a target's database. */
function adminCreate(env: Partial<NodeJS.ProcessEnv>, args: string[]) {
  return spawnSync("npx", ["tsx", "scripts/admin-create.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
  });
}

describe.each(targets)("super accounts on $name", (target) => {
  const boss = uniqueEmail("boss");
  // Its own data folder (and PGlite database): this suite starts with no super account at all.
  const env: Partial<NodeJS.ProcessEnv> & { DATA_DIR: string } = { ...target.env, DATA_DIR: tempDataDir() };
  let t: TAccountsTestServer;
  let member: TTestUser;
  beforeAll(async () => {
    if (!env.DATABASE_URL) await seedPglite(env.DATA_DIR);
    t = await startAccountsServer({ ...env, SUPER_ADMIN_EMAIL: boss, PUBLIC_URL });
    member = await createUser(t.platform.database.db);
  });
  afterAll(async () => {
    await t?.shutdown();
    await rm(env.DATA_DIR, { recursive: true, force: true });
  });

  it("creates SUPER_ADMIN_EMAIL's account at start and mails it a link to set the password", async () => {
    const [mail] = await t.mailsTo(boss);
    expect(mail?.subject).toBe("Your Vitrine administrator account");
    const token = LINK_RE.exec(mail?.text ?? "")?.[1] ?? "";
    expect((await t.call(resetPasswordCall, { token, password: "boss1234" })).body.status).toBe(true);
    const atk = await t.signIn({ emailId: boss, password: "boss1234" });
    expect((await t.call(userInfoCall, {}, { token: atk })).body.data.docs[0]?.is_super).toBe(true);
  });

  it("counts the super accounts, with the fixed key and no token, and names none of them", async () => {
    const res = await t.call(superAccountListCall, { key: SUPER_LIST_FIXED_KEY });
    expect(res.body).toEqual({ status: true, rescode: 200, data: { count: 1 } });
    expect(JSON.stringify(res.body)).not.toContain(boss);
    const wrongKey = await t.call(superAccountListCall, { key: "guess" as typeof SUPER_LIST_FIXED_KEY });
    expect(wrongKey.http).toBe(400);
    expect(wrongKey.body.rescode).toBe(CODES.validation.rescode);
    expect(JSON.stringify(wrongKey.body)).not.toContain(boss);
  });

  it("tells a signed-in user whether an e-mail ID is a super account, and nothing more", async () => {
    const atk = await t.signIn(member);
    const check = (email: string) => t.call(superAccountCheckCall, { user_email_id: email }, { token: atk });
    expect((await check(boss.toUpperCase())).body).toEqual({
      status: true,
      rescode: 200,
      data: { is_super: true },
    });
    expect((await check(member.emailId)).body.data).toEqual({ is_super: false });
    expect((await check(uniqueEmail("nobody"))).body.data).toEqual({ is_super: false });
    const visitor = await t.call(superAccountCheckCall, { user_email_id: boss });
    expect(visitor.http).toBe(403);
  });

  it("promotes instead of creating, only while no super account exists, and admin:create does both", async () => {
    await t.shutdown();
    const db = () => t.platform.database.db;
    // The public list only counts them: read who they are from the table.
    const superIds = async () =>
      db().select({ email_id: users.emailId }).from(users).where(eq(users.isSuper, true));

    // A super account exists: SUPER_ADMIN_EMAIL names someone else, nothing changes.
    const other = uniqueEmail("other");
    t = await startAccountsServer({ ...env, SUPER_ADMIN_EMAIL: other });
    expect(await superIds()).toEqual([{ email_id: boss }]);
    expect((await db().select().from(users).where(eq(users.emailId, other))).length).toBe(0);
    await db().update(users).set({ isSuper: false }).where(eq(users.emailId, boss));
    await t.shutdown();

    // None exists: the member named by SUPER_ADMIN_EMAIL is promoted, and mailed nothing.
    t = await startAccountsServer({ ...env, SUPER_ADMIN_EMAIL: member.emailId });
    expect(await superIds()).toEqual([{ email_id: member.emailId }]);
    expect(await t.mailsTo(member.emailId)).toHaveLength(0);
    await t.shutdown();

    const made = uniqueEmail("made");
    const created = adminCreate(env, ["--email", made.toUpperCase(), "--password", "secret1"]);
    expect(created.stdout).toContain(`Super account ${made} created.`);
    expect(created.status).toBe(0);
    const refused = adminCreate(env, ["--email", made, "--password", "short"]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("Follow the password format.");

    t = await startAccountsServer(env);
    expect((await superIds()).map((d) => d.email_id).sort()).toEqual([made, member.emailId].sort());
    const atk = await t.signIn({ emailId: made, password: "secret1" });
    const me = await t.call(userInfoCall, {}, { token: atk });
    expect(me.body.data.docs[0]).toMatchObject({ email_id: made, is_super: true });
    const login = await t.call(loginCall, { email_id: made, password: "secret12" }, { ip: uniqueIp() });
    expect(login.body.rescode).toBe(CODES.wrongCredentials.rescode);
  });
});
