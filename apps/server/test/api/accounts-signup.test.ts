/**
 * Sign-up through the real server: verification codes (mail, language, resend limits, tries,
 * expiry), registration (verified address, code, consents, unique e-mail ID, trial), and every
 * bad input answered with its exact message and nothing stored.
 */

import { rm } from "node:fs/promises";
import {
  CODES,
  loginCall,
  MESSAGES,
  registerCall,
  sendEmailCodeCall,
  type TCallInput,
  userInfoCall,
  verifyEmailCodeCall,
} from "@vitrine/contract";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailVerifications, signupNotices, userConsents, users } from "../../src/db/schema/accounts";
import { seedPglite, tempDataDir, testDatabaseTargets } from "../support/databases";
import {
  createUser,
  startAccountsServer,
  type TAccountsTestServer,
  uniqueEmail,
  uniqueIp,
} from "../support/factories";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const MINUTE = 60_000;
const CONSENTS = {
  terms: true,
  privacy: true,
  thirdParty: false,
  location: false,
  marketing: true,
  notifications: false,
};

describe.each(targets)("sign-up on $name", (target) => {
  let t: TAccountsTestServer;
  beforeAll(async () => {
    t = await startAccountsServer({ ...target.env, TRIAL_DAYS: "14" });
  });
  afterAll(() => t?.shutdown());

  const db = () => t.platform.database.db;
  const codeRows = async (address: string) =>
    (
      await db().select({ n: count() }).from(emailVerifications).where(eq(emailVerifications.email, address))
    )[0]?.n;
  const userRows = async () => (await db().select({ n: count() }).from(users))[0]?.n ?? 0;

  /** The code of the newest mail to `address`. */
  async function lastCode(address: string): Promise<string> {
    const mail = (await t.mailsTo(address)).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
    if (!code) throw new Error(`no code mailed to ${address}`);
    return code;
  }

  /** A code that is not `code`. */
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  async function sendCode(email: string, lang: "en" | "ko" = "en") {
    return t.call(sendEmailCodeCall, { email, lang }, { ip: uniqueIp() });
  }

  async function verifiedAddress(): Promise<{ email: string; code: string }> {
    const email = uniqueEmail("signup");
    expect((await sendCode(email)).body.status).toBe(true);
    const code = await lastCode(email);
    expect((await t.call(verifyEmailCodeCall, { email, code })).body.status).toBe(true);
    return { email, code };
  }

  function registration(
    email: string,
    code: string,
    overrides: Partial<TCallInput<typeof registerCall>> = {},
  ): TCallInput<typeof registerCall> {
    return {
      email_id: email,
      email,
      password: "secret12",
      code,
      consents: CONSENTS,
      lang: "en",
      ...overrides,
    };
  }

  it("mails a 6-digit code in the visitor's language, as HTML and text, and stores only its hash", async () => {
    const email = uniqueEmail("code");
    const res = await sendCode(email);
    expect(res.http).toBe(200);
    expect(res.body).toEqual({
      status: true,
      rescode: 200,
      data: { sent: true, resend_after: 60 },
      message: "Email has been sent. Please check your inbox to complete verification.",
    });
    const [mail] = await t.mailsTo(email);
    expect(mail?.subject).toBe("Your Vitrine verification code");
    const code = await lastCode(email);
    expect(mail?.html).toContain(code);
    const [row] = await db().select().from(emailVerifications).where(eq(emailVerifications.email, email));
    expect(row?.codeHash).not.toContain(code);

    const korean = uniqueEmail("code-ko");
    expect((await sendCode(korean, "ko")).body.status).toBe(true);
    const [koMail] = await t.mailsTo(korean);
    expect(koMail?.subject).toBe("Vitrine 이메일 인증 코드");
    expect(koMail?.text).toContain("인증 코드는 10분 동안 유효합니다.");
  });

  it("refuses an invalid address with the contract's message and stores nothing", async () => {
    const res = await t.call(sendEmailCodeCall, { email: "not-an-address", lang: "en" });
    expect(res.http).toBe(400);
    expect(res.body).toMatchObject({
      status: false,
      rescode: CODES.validation.rescode,
      data: { fields: { email: "Please enter a valid email format!" } },
    });
    expect(await codeRows("not-an-address")).toBe(0);
  });

  it("answers a registered address exactly as a new one, and mails its owner a notice instead of a code", async () => {
    const owner = await createUser(db());
    const fresh = uniqueEmail("fresh");
    const usersBefore = await userRows();
    const known = await sendCode(owner.emailId.toUpperCase());
    const none = await sendCode(fresh);
    expect(known.http).toBe(none.http);
    expect(known.body).toEqual(none.body);
    expect(known.body).toEqual({
      status: true,
      rescode: 200,
      data: { sent: true, resend_after: 60 },
      message: "Email has been sent. Please check your inbox to complete verification.",
    });

    const [notice] = await t.mailsTo(owner.emailId);
    expect(notice?.subject).toBe("Someone tried to sign up to Vitrine with your address");
    expect(notice?.text).toContain("No code was sent and no account was made.");
    expect(notice?.text).toContain(`${t.server.config.publicUrl}/login`);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect(await codeRows(owner.emailId)).toBe(0);
    expect(await userRows()).toBe(usersBefore);

    // Any code for it is refused as a wrong code for a new address is.
    const guessKnown = await t.call(verifyEmailCodeCall, { email: owner.emailId, code: "123456" });
    const guessNone = await t.call(verifyEmailCodeCall, {
      email: fresh,
      code: otherCode(await lastCode(fresh)),
    });
    expect(guessKnown.body).toEqual(guessNone.body);
    expect(guessKnown.body.message).toBe(MESSAGES.codeMismatch);
  });

  it("mails the notice in Korean when asked in Korean", async () => {
    const owner = await createUser(db());
    expect((await sendCode(owner.emailId, "ko")).body.status).toBe(true);
    const [notice] = await t.mailsTo(owner.emailId);
    expect(notice?.subject).toBe("회원님의 주소로 Vitrine 가입이 시도되었습니다");
    expect(notice?.text).toContain("코드는 보내지 않았고 계정도 만들어지지 않았습니다.");
  });

  it("throttles a registered address exactly as a new one", async () => {
    const owner = await createUser(db());
    const fresh = uniqueEmail("fresh");
    expect((await sendCode(owner.emailId)).body).toEqual((await sendCode(fresh)).body);
    t.clock.advance(30_000);
    const early = await sendCode(owner.emailId);
    expect(early.http).toBe(429);
    expect(early.body).toEqual((await sendCode(fresh)).body);
    expect(early.body).toMatchObject({ rescode: CODES.tryLater.rescode, data: { retryAfterSeconds: 30 } });
    for (let sent = 2; sent <= 5; sent++) {
      t.clock.advance(MINUTE);
      expect((await sendCode(owner.emailId)).body).toEqual((await sendCode(fresh)).body);
    }
    t.clock.advance(MINUTE);
    const sixth = await sendCode(owner.emailId);
    expect(sixth.body).toEqual((await sendCode(fresh)).body);
    expect(sixth.body.rescode).toBe(CODES.tryLater.rescode);
    expect(await t.mailsTo(owner.emailId)).toHaveLength(5);
  });

  it("allows a new code a minute after the last, and at most 5 an hour per address", async () => {
    const email = uniqueEmail("resend");
    const tryLater = {
      status: false,
      rescode: CODES.tryLater.rescode,
      message: "Please try again later.",
    };
    expect((await sendCode(email)).body.status).toBe(true);
    t.clock.advance(30_000);
    const early = await sendCode(email);
    expect(early.http).toBe(429);
    expect(early.body).toMatchObject({ ...tryLater, data: { retryAfterSeconds: 30 } });
    expect(await codeRows(email)).toBe(1);

    for (let sent = 2; sent <= 5; sent++) {
      t.clock.advance(MINUTE);
      expect((await sendCode(email)).body.status).toBe(true);
    }
    t.clock.advance(MINUTE);
    expect((await sendCode(email)).body).toMatchObject(tryLater);
    expect(await codeRows(email)).toBe(5);
    expect(await t.mailsTo(email)).toHaveLength(5);

    t.clock.advance(60 * MINUTE);
    expect((await sendCode(email)).body.status).toBe(true);
  });

  it("verifies the newest code with 'Your email has been verified.'; an older code no longer counts", async () => {
    const email = uniqueEmail("verify");
    await sendCode(email);
    const first = await lastCode(email);
    t.clock.advance(MINUTE + 1000);
    await sendCode(email);
    const second = await lastCode(email);
    if (first !== second) {
      expect((await t.call(verifyEmailCodeCall, { email, code: first })).body.message).toBe(
        "Verification code does not match.",
      );
    }
    const res = await t.call(verifyEmailCodeCall, { email, code: second });
    expect(res.body).toEqual({
      status: true,
      rescode: 200,
      data: { verified: true },
      message: "Your email has been verified.",
    });
  });

  it("refuses wrong codes; after 5 tries the code is dead, even the right one", async () => {
    const email = uniqueEmail("tries");
    await sendCode(email);
    const code = await lastCode(email);
    const mismatch = {
      status: false,
      rescode: CODES.validation.rescode,
      message: "Verification code does not match.",
      data: { fields: { code: "Verification code does not match." } },
    };
    for (let i = 0; i < 5; i++) {
      const res = await t.call(verifyEmailCodeCall, { email, code: otherCode(code) });
      expect(res.http).toBe(400);
      expect(res.body).toEqual(mismatch);
    }
    expect((await t.call(verifyEmailCodeCall, { email, code })).body).toEqual(mismatch);
    const [row] = await db().select().from(emailVerifications).where(eq(emailVerifications.email, email));
    expect(row?.verifiedAt).toBeNull();
  });

  it("refuses an empty or malformed code with the contract's messages", async () => {
    const email = uniqueEmail("empty");
    expect((await t.call(verifyEmailCodeCall, { email, code: " " })).body.data).toEqual({
      fields: { code: "Please enter the verification code." },
    });
    expect((await t.call(verifyEmailCodeCall, { email, code: "12ab56" })).body.data).toEqual({
      fields: { code: MESSAGES.codeMismatch },
    });
  });

  it("lets a code expire after 10 minutes", async () => {
    const email = uniqueEmail("expiry");
    await sendCode(email);
    const code = await lastCode(email);
    t.clock.advance(10 * MINUTE + 1000);
    expect((await t.call(verifyEmailCodeCall, { email, code })).body.message).toBe(
      "Verification code does not match.",
    );
  });

  it("signs up end to end: consents stored with time and version, trial started, sign-in works", async () => {
    const { email, code } = await verifiedAddress();
    const emailId = email.replace("signup", "SignUp");
    const before = await userRows();
    const res = await t.call(registerCall, registration(email, code, { email_id: emailId, lang: "ko" }));
    expect(res.body).toEqual({
      status: true,
      rescode: 200,
      data: { user_id: expect.stringMatching(/^user_/) },
      message: "Your membership has been completed. Please login.",
    });
    expect(await userRows()).toBe(before + 1);
    const userId = res.body.data.user_id;
    const consents = await db().select().from(userConsents).where(eq(userConsents.userId, userId));
    expect(consents.map((c) => [c.item, c.granted, c.version]).sort()).toEqual(
      Object.entries(CONSENTS)
        .map(([item, granted]) => [item, granted, "2026-11-22"])
        .sort(),
    );
    for (const consent of consents) expect(consent.answeredAt).toBeInstanceOf(Date);

    // The e-mail ID is case-insensitive.
    const login = await t.call(
      loginCall,
      { email_id: emailId.toUpperCase(), password: "secret12" },
      { ip: uniqueIp() },
    );
    expect(login.body.status).toBe(true);
    const info = await t.call(userInfoCall, {}, { token: login.body.data.atk });
    const doc = info.body.data.docs[0];
    expect(doc).toMatchObject({
      user_id: userId,
      email_id: emailId.toLowerCase(),
      email,
      email_verified: true,
      active_plane: "free",
      payment_status: false,
      trial: true,
      is_super: false,
      language: "ko",
    });
    const trialDays = (Date.parse(doc?.trial_ends_at ?? "") - t.clock.now().getTime()) / 86_400_000;
    expect(Math.round(trialDays)).toBe(14);
  });

  it("refuses sign-up without a verified address, with a wrong code, or after the hour; stores nothing", async () => {
    const before = await userRows();
    const unverified = uniqueEmail("unverified");
    await sendCode(unverified);
    const unverifiedCode = await lastCode(unverified);
    const res = await t.call(registerCall, registration(unverified, unverifiedCode));
    expect(res.body).toEqual({
      status: false,
      rescode: CODES.emailUnverified.rescode,
      data: null,
      message: "Email Authentication Unidentified.",
    });

    const never = uniqueEmail("never");
    expect((await t.call(registerCall, registration(never, "123456"))).body.rescode).toBe(
      CODES.emailUnverified.rescode,
    );

    const { email, code } = await verifiedAddress();
    const wrong = await t.call(registerCall, registration(email, otherCode(code)));
    expect(wrong.body).toMatchObject({ rescode: CODES.validation.rescode, message: MESSAGES.codeMismatch });

    const late = await verifiedAddress();
    t.clock.advance(61 * MINUTE);
    expect((await t.call(registerCall, registration(late.email, late.code))).body.message).toBe(
      "Email Authentication Unidentified.",
    );
    expect(await userRows()).toBe(before);
  });

  it("refuses missing consent, a bad password and a taken e-mail ID with their messages; stores nothing", async () => {
    const { email, code } = await verifiedAddress();
    const taken = await createUser(db());
    const before = await userRows();

    const noConsent = await t.call(
      registerCall,
      registration(email, code, { consents: { ...CONSENTS, privacy: false } }),
    );
    expect(noConsent.http).toBe(400);
    expect(noConsent.body.data).toEqual({
      fields: { "consents.privacy": "The [required] item requires consent." },
    });

    const badPassword = await t.call(registerCall, registration(email, code, { password: "abcdefg" }));
    expect(badPassword.body.data).toEqual({ fields: { password: "Follow the password format." } });

    const duplicate = await t.call(
      registerCall,
      registration(email, code, { email_id: taken.emailId.toUpperCase() }),
    );
    expect(duplicate.http).toBe(409);
    expect(duplicate.body).toEqual({
      status: false,
      rescode: CODES.duplicateId.rescode,
      data: null,
      message: "You have a registered ID",
    });
    expect(await userRows()).toBe(before);
    const consentsOfNobody = await db()
      .select({ n: count() })
      .from(userConsents)
      .where(sql`${userConsents.userId} not in (select id from users)`);
    expect(consentsOfNobody[0]?.n).toBe(0);

    // The verification was not spent by the refusals: the right request still signs up.
    expect((await t.call(registerCall, registration(email, code))).body.status).toBe(true);
  });

  it("lets one mailed code probe at most 5 taken e-mail IDs", async () => {
    const { email, code } = await verifiedAddress();
    const taken = await createUser(db());
    for (let i = 0; i < 5; i++) {
      const duplicate = await t.call(registerCall, registration(email, code, { email_id: taken.emailId }));
      expect(duplicate.body.message).toBe("You have a registered ID");
    }
    const spent = await t.call(registerCall, registration(email, code, { email_id: taken.emailId }));
    expect(spent.body.message).toBe(MESSAGES.codeMismatch);
    expect((await t.call(registerCall, registration(email, code))).body.message).toBe(MESSAGES.codeMismatch);
  });

  it("makes one account per verification", async () => {
    const { email, code } = await verifiedAddress();
    expect((await t.call(registerCall, registration(email, code))).body.status).toBe(true);
    const again = await t.call(registerCall, registration(email, code, { email_id: uniqueEmail("second") }));
    expect(again.body.rescode).toBe(CODES.emailUnverified.rescode);
  });
});

describe("sign-up when mail cannot be sent", () => {
  let t: TAccountsTestServer;
  const dataDir = tempDataDir();
  beforeAll(async () => {
    await seedPglite(dataDir);
    // Nothing listens on port 1: every send fails at connect.
    t = await startAccountsServer({ DATA_DIR: dataDir, SMTP_URL: "smtp://127.0.0.1:1" });
  });
  afterAll(async () => {
    await t?.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers 'Verification email could not be sent' and keeps no code", async () => {
    const email = uniqueEmail("nomail");
    const res = await t.call(sendEmailCodeCall, { email, lang: "en" });
    expect(res.http).toBe(503);
    expect(res.body).toEqual({
      status: false,
      rescode: CODES.verificationSendFailed.rescode,
      data: null,
      message: "Verification email could not be sent. Please try again later.",
    });
    const rows = await t.platform.database.db
      .select({ n: count() })
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    expect(rows[0]?.n).toBe(0);
  });

  it("answers a registered address the same when mail cannot be sent, and keeps no notice", async () => {
    const owner = await createUser(t.platform.database.db);
    const res = await t.call(sendEmailCodeCall, { email: owner.emailId, lang: "en" });
    expect(res.http).toBe(503);
    expect(res.body.rescode).toBe(CODES.verificationSendFailed.rescode);
    const notices = await t.platform.database.db
      .select({ n: count() })
      .from(signupNotices)
      .where(eq(signupNotices.email, owner.emailId));
    expect(notices[0]?.n).toBe(0);
  });
});
