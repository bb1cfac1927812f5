/**
 * Business matching through the real server (issue 14): every field of the connecting form with
 * its §5 message and nothing stored, an unverified address refused, nothing reaching a business
 * without the third-party-provision consent, matching on 30 channels in English and Korean with
 * its reasons, no match → no mail, "not interested" for good, the caps and limits, and another
 * owner's connections never visible.
 */
import {
  CODES,
  channelCreateCall,
  channelUpdateCall,
  connectListCall,
  connectNewCountCall,
  connectNotInterestedCall,
  connectReplyCall,
  connectSendCodeCall,
  connectSubmitCall,
  connectUpdateCall,
  connectVerifyCodeCall,
  loginCall,
  MESSAGES,
  matchAdminRemoveCall,
  matchAdminStatsCall,
  matchSettingsCall,
  matchSettingsUpdateCall,
  type TConnectSubmit,
  type TResponseEnvelope,
} from "@vitrine/contract";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailVerifications } from "../../src/db/schema/accounts";
import { adminAuditLog } from "../../src/db/schema/admin";
import { matchConnections, matchInquiries } from "../../src/db/schema/matching";
import { readOutbox, type TOutboxMessage } from "../../src/platform/mail/outbox";
import { testDatabaseTargets } from "../support/databases";
import { createUser, uniqueEmail, uniqueIp } from "../support/factories";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** The field messages of a validation answer. */
function fieldsOf(body: TResponseEnvelope<unknown>): Record<string, string> | undefined {
  return (body.data as { fields?: Record<string, string> } | undefined)?.fields;
}

type TForm = Partial<Omit<TConnectSubmit, "viewed">> & {
  viewed?: { content_ids: string[]; booth_ids: string[] };
};

/** A channel of the seeded set. */
interface TSeed {
  key: string;
  lang: "en" | "ko";
  industry: string;
  products: string;
  /** The other language's products text. */
  other?: string;
  markets: string[];
  incoterms?: string[];
  optIn?: boolean;
  buyerTypes?: string[];
  cap?: number;
}

const SEEDS: TSeed[] = [
  // Cosmetics
  {
    key: "C1",
    lang: "en",
    industry: "cosmetics",
    products: "Organic skincare, sheet masks, sunscreen",
    markets: ["VN", "TH"],
    incoterms: ["FOB", "CIF"],
  },
  {
    key: "C2",
    lang: "ko",
    industry: "cosmetics",
    products: "유기농 스킨케어, 시트 마스크",
    other: "Organic skincare, sheet masks",
    markets: ["VN"],
  },
  { key: "C3", lang: "en", industry: "cosmetics", products: "Hair dye, shampoo", markets: ["US"] },
  {
    key: "C4",
    lang: "en",
    industry: "cosmetics",
    products: "Organic skincare",
    markets: ["VN"],
    optIn: false,
  },
  {
    key: "C5",
    lang: "en",
    industry: "cosmetics",
    products: "Sheet masks",
    markets: ["VN"],
    buyerTypes: ["retailer"],
  },
  {
    key: "C6",
    lang: "en",
    industry: "cosmetics",
    products: "Lipstick, nail polish",
    markets: ["VN"],
    incoterms: ["FOB"],
  },
  // Food
  { key: "F1", lang: "ko", industry: "food", products: "김치, 고추장, 된장", markets: ["JP"] },
  {
    key: "F2",
    lang: "en",
    industry: "food",
    products: "Kimchi, gochujang",
    other: "김치, 고추장",
    markets: ["JP"],
  },
  {
    key: "F3",
    lang: "ko",
    industry: "food",
    products: "라면, 과자",
    other: "Instant noodles, snacks",
    markets: ["JP"],
  },
  { key: "F4", lang: "en", industry: "food", products: "Frozen dumplings", markets: ["US"] },
  // Machinery: seven fit one buyer, at most five are chosen.
  ...[1, 2, 3, 4, 5, 6, 7].map(
    (n): TSeed => ({
      key: `M${n}`,
      lang: n % 2 === 0 ? "ko" : "en",
      industry: "machinery",
      products: n % 2 === 0 ? "CNC 밀링 머신, 선반" : "CNC milling machines, lathes",
      other: n % 2 === 0 ? "CNC milling machines, lathes" : "CNC 밀링 머신, 선반",
      markets: ["DE"],
      incoterms: ["EXW"],
    }),
  ),
  // Energy: one channel with a daily cap of one.
  { key: "E1", lang: "en", industry: "energy", products: "Solar panels, inverters", markets: ["KE"], cap: 1 },
  // Others
  { key: "X1", lang: "en", industry: "electronics", products: "Bluetooth speakers", markets: ["VN", "US"] },
  { key: "X2", lang: "ko", industry: "electronics", products: "블루투스 이어폰", markets: ["JP"] },
  { key: "X3", lang: "en", industry: "fashion", products: "Silk scarves", markets: ["FR"] },
  { key: "X4", lang: "en", industry: "furniture", products: "Oak dining tables", markets: ["DE"] },
  { key: "X5", lang: "ko", industry: "automotive", products: "자동차 부품, 브레이크 패드", markets: ["US"] },
  { key: "X6", lang: "en", industry: "chemicals", products: "Industrial adhesives", markets: ["VN"] },
  { key: "X7", lang: "en", industry: "medical", products: "Surgical masks, gloves", markets: ["TH"] },
  { key: "X8", lang: "en", industry: "software", products: "Inventory software", markets: ["SG"] },
  { key: "X9", lang: "en", industry: "logistics", products: "Cold chain shipping", markets: ["VN"] },
  { key: "X10", lang: "en", industry: "construction", products: "Steel beams", markets: ["AE"] },
  { key: "X11", lang: "ko", industry: "retail", products: "생활용품", markets: ["JP"] },
  { key: "X12", lang: "en", industry: "education", products: "Language courses", markets: ["CN"] },
];

describe.each(targets)("matching on $name", (target) => {
  let s: TSharingServer;
  const owners = new Map<string, TOwner>();
  const channelIds = new Map<string, string>();

  async function mailsTo(to: string): Promise<TOutboxMessage[]> {
    return (await readOutbox(s.server.config.dataDir)).filter((m) => m.to === to);
  }

  async function seed(spec: TSeed): Promise<void> {
    const owner = await s.owner("basic");
    const created = await s.call(
      channelCreateCall,
      { channel_name: `${spec.key} ${spec.lang === "ko" ? "주식회사" : "Ltd"}`, origin_lang: spec.lang },
      { token: owner.token },
    );
    if (!created.body.status) throw new Error(JSON.stringify(created.body));
    const id = created.body.data.doc.user_channel_id;
    const otherLang = spec.lang === "ko" ? "en" : "ko";
    const updated = await s.call(
      channelUpdateCall,
      {
        user_channel_id: id,
        channel_global_business_info: {
          industry: spec.industry as "cosmetics",
          productsServices_origin: spec.products,
          export_markets: spec.markets,
          incoterms: { edition: "2020", codes: spec.incoterms ?? [] },
        },
        ...(spec.other ? { transinfo: { [otherLang]: { productsServices_origin: spec.other } } } : {}),
      },
      { token: owner.token },
    );
    if (!updated.body.status) throw new Error(JSON.stringify(updated.body));
    if (spec.optIn !== false) {
      const settings = await s.call(
        matchSettingsUpdateCall,
        {
          opted_in: true,
          consent: true,
          industries: [],
          markets: [],
          buyer_types: (spec.buyerTypes ?? []) as "retailer"[],
          daily_cap: spec.cap ?? 10,
        },
        { token: owner.token },
      );
      if (!settings.body.status) throw new Error(JSON.stringify(settings.body));
    }
    owners.set(spec.key, owner);
    channelIds.set(spec.key, id);
  }

  /** Sends and verifies a code for `email`; answers the code. */
  async function verified(email: string, ip = uniqueIp()): Promise<string> {
    // A new code for the same address is allowed a minute after the last: move earlier ones back.
    await s.platform.database.db
      .update(emailVerifications)
      .set({ createdAt: sql`${emailVerifications.createdAt} - interval '2 minutes'` })
      .where(eq(emailVerifications.email, email));
    const sent = await s.call(connectSendCodeCall, { email, lang: "en" }, { ip });
    expect(sent.body.status).toBe(true);
    const code = /\b(\d{6})\b/.exec((await mailsTo(email)).at(-1)?.text ?? "")?.[1] ?? "";
    const ok = await s.call(connectVerifyCodeCall, { email, code }, { ip });
    expect(ok.body).toMatchObject({ status: true, message: "Your email has been verified." });
    return code;
  }

  function form(email: string, code: string, over: TForm = {}): TForm {
    return {
      country: "VN",
      email,
      code,
      company: "Saigon Beauty Co.",
      contactPerson: "Nguyen Lan",
      jobTitle: "Purchasing manager",
      industry: "cosmetics",
      industryOther: "",
      inquiryType: "product",
      businessType: "importer",
      needs: "We import organic skincare and sheet masks for pharmacies in Vietnam",
      quantity: "20,000 units a quarter",
      incoterms: ["FOB"],
      consents: { thirdParty: true },
      lang: "en",
      ...over,
    };
  }

  async function submit(payload: TForm, ip = uniqueIp()) {
    return s.call(connectSubmitCall, payload as TConnectSubmit, { ip });
  }

  /** Waits for the matching job of an inquiry; answers its final status. */
  async function settled(inquiryId: string): Promise<string> {
    const { db } = s.platform.database;
    for (let i = 0; i < 400; i += 1) {
      const [row] = await db.select().from(matchInquiries).where(eq(matchInquiries.id, inquiryId));
      if (row && row.status !== "queued") return row.status;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("matching did not finish");
  }

  async function inquiryCount(): Promise<number> {
    return (await s.platform.database.db.select().from(matchInquiries)).length;
  }

  async function listOf(key: string) {
    const owner = owners.get(key);
    if (!owner) throw new Error(`no owner ${key}`);
    const res = await s.call(connectListCall, {}, { token: owner.token });
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  }

  /** The seeds that received an inquiry, best score first. */
  async function matchedKeys(inquiryId: string): Promise<string[]> {
    const rows = await s.platform.database.db
      .select()
      .from(matchConnections)
      .where(eq(matchConnections.inquiryId, inquiryId))
      .orderBy(desc(matchConnections.score));
    const keyOf = new Map([...channelIds].map(([key, id]) => [id, key]));
    return rows.map((row) => keyOf.get(row.channelId) ?? row.channelId);
  }

  beforeAll(async () => {
    s = await startSharingServer({ ...target.env });
    for (const spec of SEEDS) await seed(spec);
  });
  afterAll(async () => {
    await s?.shutdown();
  });

  it("refuses each bad field with its §5 message, stores nothing and keeps the code", async () => {
    const email = uniqueEmail("buyer");
    const code = await verified(email);
    const cases: [TForm, Record<string, string>][] = [
      [{ country: "" }, { country: MESSAGES.selectCountry }],
      [{ country: "XX" }, { country: MESSAGES.selectCountry }],
      [{ email: "" }, { email: MESSAGES.emptyBusinessEmail }],
      [{ email: "not-an-address" }, { email: MESSAGES.invalidEmail }],
      [{ code: "" }, { code: MESSAGES.emptyCode }],
      [{ company: "  " }, { company: MESSAGES.emptyCompany }],
      [{ contactPerson: "" }, { contactPerson: MESSAGES.emptyContactPerson }],
      [{ jobTitle: "" }, { jobTitle: MESSAGES.emptyJobTitle }],
      [{ industry: "" as "cosmetics" }, { industry: MESSAGES.selectIndustry }],
      [{ industry: "other", industryOther: " " }, { industryOther: MESSAGES.emptyIndustryOther }],
      [{ inquiryType: "" as "product" }, { inquiryType: MESSAGES.selectInquiryType }],
      [{ businessType: "" as "importer" }, { businessType: MESSAGES.selectBusinessType }],
    ];
    for (const [change, fields] of cases) {
      const res = await submit(form(email, code, change));
      expect(res.body.rescode, JSON.stringify(change)).toBe(CODES.validation.rescode);
      expect(fieldsOf(res.body)).toEqual(fields);
    }
    const everything = await submit(
      form(email, code, {
        country: "",
        email: "",
        code: "",
        company: "",
        contactPerson: "",
        jobTitle: "",
        industry: "" as "cosmetics",
        inquiryType: "" as "product",
        businessType: "" as "importer",
      }),
    );
    expect(fieldsOf(everything.body)).toEqual({
      country: "Please select a country",
      email: "Please enter your business email address.",
      code: "Please enter the verification code.",
      company: "Please enter the Company name.",
      contactPerson: "Please enter your name.",
      jobTitle: "Please enter your job title.",
      industry: "Please select an industry sector (*)",
      inquiryType: "Please select an inquiry type (*)",
      businessType: "Please select a business type (*)",
    });
    expect(await inquiryCount()).toBe(0);

    // The verified code was not spent by the refused forms.
    const ok = await submit(form(email, code, { consents: { thirdParty: false } }));
    expect(ok.body).toMatchObject({ status: true, data: { doc: { shared: false } } });
    expect(await inquiryCount()).toBe(1);
  });

  it("refuses an unverified address and a wrong code, storing nothing", async () => {
    const before = await inquiryCount();
    const email = uniqueEmail("unverified");
    const sent = await s.call(connectSendCodeCall, { email, lang: "en" });
    expect(sent.body.status).toBe(true);
    const unverified = await submit(form(email, "123456"));
    expect(unverified.body.rescode).toBe(CODES.emailUnverified.rescode);

    const other = uniqueEmail("verified");
    const code = await verified(other);
    const wrong = await submit(form(other, code === "000000" ? "111111" : "000000"));
    expect(wrong.body.rescode).toBe(CODES.validation.rescode);
    expect(wrong.body.message).toBe(MESSAGES.codeMismatch);
    expect(await inquiryCount()).toBe(before);

    // A code is spent by the form it sent: the same code cannot send a second one.
    expect((await submit(form(other, code, { consents: { thirdParty: false } }))).body.status).toBe(true);
    const again = await submit(form(other, code, { consents: { thirdParty: false } }));
    expect(again.body.rescode).toBe(CODES.emailUnverified.rescode);
  });

  it("without the third-party consent nothing reaches any business, not even the page's own", async () => {
    const email = uniqueEmail("private");
    const code = await verified(email);
    const res = await submit(
      form(email, code, {
        consents: { thirdParty: false },
        user_channel_id: channelIds.get("C1") ?? null,
        source: "channel",
      }),
    );
    expect(res.body.status).toBe(true);
    if (!res.body.status) return;
    expect(res.body.data.doc.shared).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    const [row] = await s.platform.database.db
      .select()
      .from(matchInquiries)
      .where(eq(matchInquiries.id, res.body.data.doc.inquiry_id));
    expect(row?.status).toBe("not_shared");
    for (const key of ["C1", "C2", "C6"]) {
      const owner = owners.get(key);
      const mails = await mailsTo(owner?.emailId ?? "");
      expect(mails.some((m) => m.text.includes(email))).toBe(false);
    }
    expect((await listOf("C1")).docs.some((d) => d.buyer.email === email)).toBe(false);
    const [copy] = await mailsTo(email).then((m) => m.filter((x) => x.subject.includes("copy")));
    expect(copy?.text).toContain("no business has received your details");
  });

  it("refuses a throw-away address before any code is mailed, and tells a business when an address is personal mail", async () => {
    for (const email of ["buyer@mailinator.com", "someone@sub.10mail.org"]) {
      const sent = await s.call(connectSendCodeCall, { email, lang: "en" }, { ip: uniqueIp() });
      expect(sent.body).toMatchObject({
        status: false,
        rescode: CODES.connectEmailDisposable.rescode,
        message: "Use an e-mail address you keep: throw-away addresses are not accepted.",
      });
      expect(await mailsTo(email)).toHaveLength(0);
      const res = await submit(form(email, "123456"));
      expect(res.body.rescode).toBe(CODES.connectEmailDisposable.rescode);
    }

    const email = `saigon.${uniqueIp().replaceAll(".", "")}@naver.com`;
    const res = await submit(form(email, await verified(email)));
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    expect(await settled(res.body.data.doc.inquiry_id)).toBe("matched");
    const c1 = (await listOf("C1")).docs.find((d) => d.buyer.email === email);
    expect(c1?.buyer.email_kind).toBe("personal");
    const notice = (await mailsTo(owners.get("C1")?.emailId ?? "")).find((m) => m.text.includes(email));
    expect(notice?.text).toContain(`${email} (a personal mail service address)`);
  });

  it("matches an English buyer with the right cosmetics businesses in both languages and says why", async () => {
    const email = uniqueEmail("saigon");
    const code = await verified(email);
    // C6's owner has two public contents the buyer looked at in this session.
    const c6 = owners.get("C6");
    if (!c6) throw new Error("no C6");
    const viewed = [
      await s.content(c6.userId, { isPublic: true }),
      await s.content(c6.userId, { isPublic: true }),
    ];
    const res = await submit(form(email, code, { viewed: { content_ids: viewed, booth_ids: [] } }));
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    expect(res.body.message).toBe("Your inquiry has been sent. A copy is on its way to your e-mail.");
    const id = res.body.data.doc.inquiry_id;
    expect(await settled(id)).toBe("matched");
    expect(await matchedKeys(id)).toEqual(["C1", "C2", "C6"]);

    const c1 = (await listOf("C1")).docs.find((d) => d.buyer.email === email);
    expect(c1).toMatchObject({
      kind: "matched",
      status: "new",
      buyer: { company: "Saigon Beauty Co.", country: "VN" },
    });
    expect(c1?.reasons).toEqual(
      expect.arrayContaining([
        { code: "industry", values: ["cosmetics"], count: 0 },
        { code: "market", values: ["VN"], count: 0 },
        { code: "incoterms", values: ["FOB"], count: 0 },
        expect.objectContaining({ code: "text" }),
      ]),
    );
    const c2 = (await listOf("C2")).docs.find((d) => d.buyer.email === email);
    // The Korean-written channel matched through its English products text.
    expect(c2?.reasons.find((r) => r.code === "text")?.values[0]).toMatch(/organic skincare|sheet masks/i);
    const c6doc = (await listOf("C6")).docs.find((d) => d.buyer.email === email);
    expect(c6doc?.reasons).toContainEqual({ code: "viewed", values: [], count: 2 });
    expect((await listOf("C1")).new_count).toBeGreaterThan(0);

    // The business mail names the reasons in its owner's language; the buyer gets the list.
    const notice = (await mailsTo(owners.get("C1")?.emailId ?? "")).find((m) => m.text.includes(email));
    expect(notice?.text).toContain("same industry: Cosmetics and beauty");
    expect(notice?.text).toContain("exports to Vietnam");
    expect(notice?.text).toContain("accepts FOB");
    expect(notice?.text).toMatch(/not-interested\?t=/);
    const list = (await mailsTo(email)).find((m) => m.subject.includes("received your inquiry"));
    expect(list?.text).toContain(`/Channel/${channelIds.get("C1")}`);
    expect(list?.text).toContain(`/Channel/${channelIds.get("C6")}`);
    expect(list?.text).not.toContain(`/Channel/${channelIds.get("C4")}`);
  });

  it("matches a Korean buyer by Hangul text, and chooses at most five", async () => {
    const email = uniqueEmail("tokyo");
    const code = await verified(email);
    const res = await submit(
      form(email, code, {
        country: "JP",
        company: "도쿄 식품",
        industry: "food",
        businessType: "distributor",
        needs: "김치와 고추장을 수입하려고 합니다",
        incoterms: [],
        lang: "ko",
      }),
    );
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    const id = res.body.data.doc.inquiry_id;
    expect(await settled(id)).toBe("matched");
    expect((await matchedKeys(id)).sort()).toEqual(["F1", "F2", "F3"]);
    const f1 = (await listOf("F1")).docs.find((d) => d.buyer.email === email);
    const f3 = (await listOf("F3")).docs.find((d) => d.buyer.email === email);
    expect(f1?.reasons.find((r) => r.code === "text")?.values[0]).toMatch(/김치|고추장/);
    expect(f1?.score ?? 0).toBeGreaterThan(f3?.score ?? 0);
    const list = (await mailsTo(email)).find((m) => m.subject.includes("문의가 전달된 기업"));
    expect(list?.text).toContain("같은 업종: 식품·음료");
    expect(list?.text).toContain("일본에 수출");

    const german = uniqueEmail("berlin");
    const germanCode = await verified(german);
    const machines = await submit(
      form(german, germanCode, {
        country: "DE",
        industry: "machinery",
        businessType: "distributor",
        needs: "CNC milling machines for our workshop customers",
        incoterms: ["EXW"],
      }),
    );
    if (!machines.body.status) throw new Error(JSON.stringify(machines.body));
    expect(await settled(machines.body.data.doc.inquiry_id)).toBe("matched");
    const chosen = await matchedKeys(machines.body.data.doc.inquiry_id);
    expect(chosen).toHaveLength(5);
    expect(chosen.every((k) => k.startsWith("M"))).toBe(true);
  });

  it("sends no mail to any business when nothing fits", async () => {
    const email = uniqueEmail("nomatch");
    const code = await verified(email);
    const before = (await readOutbox(s.server.config.dataDir)).length;
    const res = await submit(
      form(email, code, {
        country: "AQ",
        industry: "education",
        needs: "Penguin tracking collars",
        incoterms: [],
      }),
    );
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    expect(await settled(res.body.data.doc.inquiry_id)).toBe("no_match");
    const after = await readOutbox(s.server.config.dataDir);
    // Only the buyer's copy was written.
    expect(after.slice(before).map((m) => m.to)).toEqual([email]);
  });

  it("'not interested' excludes the pair for good", async () => {
    const email = uniqueEmail("pest");
    const code = await verified(email);
    const first = await submit(form(email, code, { needs: "Organic skincare for pharmacies" }));
    if (!first.body.status) throw new Error(JSON.stringify(first.body));
    await settled(first.body.data.doc.inquiry_id);
    const notice = (await mailsTo(owners.get("C1")?.emailId ?? "")).find((m) => m.text.includes(email));
    const token = /not-interested\?t=([\w-]+)/.exec(notice?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    const res = await s.call(connectNotInterestedCall, { token });
    expect(res.body).toMatchObject({ status: true, data: { company: "Saigon Beauty Co." } });
    expect((await listOf("C1")).docs.find((d) => d.buyer.email === email)?.status).toBe("declined");
    const bad = await s.call(connectNotInterestedCall, { token: "x".repeat(43) });
    expect(bad.body.rescode).toBe(CODES.connectLinkInvalid.rescode);

    const again = await submit(
      form(email, await verified(email), {
        needs: "Organic skincare again",
        user_channel_id: channelIds.get("C1") ?? null,
      }),
    );
    if (!again.body.status) throw new Error(JSON.stringify(again.body));
    await settled(again.body.data.doc.inquiry_id);
    const keys = await matchedKeys(again.body.data.doc.inquiry_id);
    expect(keys).not.toContain("C1");
    expect(keys).toContain("C2");
  });

  it("holds the daily cap per business and the per-IP and per-address limits", async () => {
    const results: string[] = [];
    for (const label of ["solar-a", "solar-b"]) {
      const email = uniqueEmail(label);
      const res = await submit(
        form(email, await verified(email), {
          country: "KE",
          industry: "energy",
          businessType: "distributor",
          needs: "Solar panels and inverters",
          incoterms: [],
        }),
      );
      if (!res.body.status) throw new Error(JSON.stringify(res.body));
      results.push(await settled(res.body.data.doc.inquiry_id));
    }
    expect(results).toEqual(["matched", "no_match"]);
    expect((await listOf("E1")).docs).toHaveLength(1);

    // Per IP: 10 forms an hour, refused ones included.
    const ip = uniqueIp();
    const someone = uniqueEmail("flood");
    for (let i = 0; i < 10; i += 1) {
      const res = await submit(form(someone, "123456"), ip);
      expect(res.body.rescode).toBe(CODES.emailUnverified.rescode);
    }
    const limited = await submit(form(someone, "123456"), ip);
    expect(limited.body.rescode).toBe(CODES.rateLimited.rescode);

    // Per address: three stored forms a day.
    const busy = uniqueEmail("busy");
    for (let i = 0; i < 3; i += 1) {
      const ok = await submit(form(busy, await verified(busy), { consents: { thirdParty: false } }));
      expect(ok.body.status).toBe(true);
    }
    const fourth = await submit(form(busy, await verified(busy), { consents: { thirdParty: false } }));
    expect(fourth.body.rescode).toBe(CODES.rateLimited.rescode);
  });

  it("never shows another owner's connections; the owner replies, declines and keeps notes", async () => {
    const mine = (await listOf("C1")).docs[0];
    if (!mine) throw new Error("C1 has no connection");
    const stranger = owners.get("X1");
    if (!stranger) throw new Error("no X1");
    const strangerList = await s.call(connectListCall, {}, { token: stranger.token });
    expect(
      strangerList.body.status &&
        strangerList.body.data.docs.some((d) => d.connection_id === mine.connection_id),
    ).toBe(false);
    const peek = await s.call(
      connectUpdateCall,
      { connection_id: mine.connection_id, note: "mine now" },
      { token: stranger.token },
    );
    expect(peek.body.rescode).toBe(CODES.notFound.rescode);
    const reply = await s.call(
      connectReplyCall,
      { connection_id: mine.connection_id, message: "hi" },
      { token: stranger.token },
    );
    expect(reply.body.rescode).toBe(CODES.notFound.rescode);
    const visitor = await s.call(connectListCall, {});
    expect(visitor.body.rescode).toBe(CODES.forbidden.rescode);

    const owner = owners.get("C1");
    if (!owner) throw new Error("no C1");
    // The studio menu's badge: the owner's inquiries still new; a stranger has none.
    const newCount = async (token: string) => {
      const res = await s.call(connectNewCountCall, {}, { token });
      if (!res.body.status) throw new Error(JSON.stringify(res.body));
      return res.body.data.new_count;
    };
    const before = await newCount(owner.token);
    expect(before).toBe((await listOf("C1")).docs.filter((d) => d.status === "new").length);
    expect(before).toBeGreaterThan(0);
    expect(await newCount(stranger.token)).toBe(
      strangerList.body.status ? strangerList.body.data.new_count : -1,
    );
    expect((await s.call(connectNewCountCall, {})).body.rescode).toBe(CODES.forbidden.rescode);
    const replied = await s.call(
      connectReplyCall,
      { connection_id: mine.connection_id, message: "We can ship 20,000 units FOB Busan." },
      { token: owner.token },
    );
    expect(replied.body).toMatchObject({
      status: true,
      message: "Your reply has been sent.",
      data: { doc: { status: "replied" } },
    });
    const answer = (await mailsTo(mine.buyer.email)).find((m) => m.subject.startsWith("Reply from"));
    expect(answer?.text).toContain("We can ship 20,000 units FOB Busan.");
    expect(answer?.text).toContain(owner.emailId);
    // Closing a new inquiry takes it off the badge; opening it again puts it back.
    const fresh = (await listOf("C1")).docs.find((d) => d.status === "new");
    if (!fresh) throw new Error("C1 has no new connection");
    const now = await newCount(owner.token);
    const setStatus = (status: "new" | "closed") =>
      s.call(connectUpdateCall, { connection_id: fresh.connection_id, status }, { token: owner.token });
    expect((await setStatus("closed")).body.status).toBe(true);
    expect(await newCount(owner.token)).toBe(now - 1);
    expect((await setStatus("new")).body.status).toBe(true);
    expect(await newCount(owner.token)).toBe(now);

    const noted = await s.call(
      connectUpdateCall,
      { connection_id: mine.connection_id, note: "Call on Monday", status: "closed" },
      { token: owner.token },
    );
    expect(noted.body).toMatchObject({
      status: true,
      data: { doc: { note: "Call on Monday", status: "closed" } },
    });

    const stats = await s.call(matchAdminStatsCall, {}, { token: owner.token });
    expect(stats.body.rescode).toBe(CODES.forbidden.rescode);
  });

  it("asks for a channel and for the owner's consent before matching is on", async () => {
    const owner = await s.owner("basic");
    expect((await s.call(matchSettingsCall, {}, { token: owner.token })).body).toMatchObject({
      data: { doc: null },
    });
    const payload = {
      opted_in: true,
      consent: true,
      industries: [],
      markets: [],
      buyer_types: [],
      daily_cap: 5,
    };
    const none = await s.call(matchSettingsUpdateCall, payload, { token: owner.token });
    expect(none.body.rescode).toBe(CODES.connectNeedsChannel.rescode);
    const c1 = owners.get("C1");
    if (!c1) throw new Error("no C1");
    const noConsent = await s.call(
      matchSettingsUpdateCall,
      { ...payload, consent: false },
      { token: c1.token },
    );
    expect(fieldsOf(noConsent.body)).toEqual({
      consent: "Please agree to receive buyers' details before turning matching on.",
    });
    const doc = await s.call(matchSettingsCall, {}, { token: c1.token });
    expect(doc.body).toMatchObject({ data: { doc: { opted_in: true, daily_cap: 10 } } });
  });

  it("shows operators the activity and lets them remove an abusive inquiry, audited", async () => {
    const c1 = owners.get("C1");
    if (!c1) throw new Error("no C1");
    const target = (await listOf("C1")).docs.find((d) => d.status === "new");
    if (!target) throw new Error("C1 has no new connection");
    const reported = await s.call(
      connectUpdateCall,
      { connection_id: target.connection_id, complaint: true },
      { token: c1.token },
    );
    expect(reported.body.status).toBe(true);

    const superUser = await createUser(s.platform.database.db, { isSuper: true });
    const signedIn = await s.call(loginCall, { email_id: superUser.emailId, password: superUser.password });
    if (!signedIn.body.status) throw new Error("super sign-in failed");
    const token = signedIn.body.data.atk;
    const stats = await s.call(matchAdminStatsCall, {}, { token });
    if (!stats.body.status) throw new Error(JSON.stringify(stats.body));
    expect(stats.body.data.counts.complaints).toBeGreaterThanOrEqual(1);
    expect(stats.body.data.counts.not_interested).toBeGreaterThanOrEqual(1);
    expect(stats.body.data.counts.no_match).toBeGreaterThanOrEqual(1);
    const flagged = stats.body.data.docs[0];
    expect(flagged?.complaints).toBeGreaterThanOrEqual(1);
    if (!flagged) return;

    const noReason = await s.call(
      matchAdminRemoveCall,
      { inquiry_id: flagged.inquiry_id, reason: " " },
      { token },
    );
    expect(noReason.body.rescode).toBe(CODES.validation.rescode);
    const removed = await s.call(
      matchAdminRemoveCall,
      { inquiry_id: flagged.inquiry_id, reason: "Spam reported by the business" },
      { token },
    );
    expect(removed.body).toMatchObject({ status: true, data: { removed: true } });
    expect((await listOf("C1")).docs.some((d) => d.connection_id === target.connection_id)).toBe(false);
    const audit = await s.platform.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, flagged.inquiry_id));
    expect(audit).toMatchObject([{ action: "inquiry.remove", reason: "Spam reported by the business" }]);
  });
});
