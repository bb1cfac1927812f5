/**
 * Model production through the real server: an owner requests a model with reference files,
 * an operator quotes, the owner accepts, the operator delivers a `.glb` that lands in the
 * owner's studio as a produced content; each step is mailed in the owner's language. Only
 * operators quote, deliver and edit prices; another owner's request is `notFound`.
 */
import {
  CODES,
  contentDetailCall,
  productionAdminListCall,
  productionAdminMessageCall,
  productionCreateCall,
  productionDeliverCall,
  productionDetailCall,
  productionListCall,
  productionPricesCall,
  productionPricesUpdateCall,
  productionQuoteCall,
  productionRespondCall,
  productionSetStatusCall,
  setLanguageCall,
  type TUploadedFile,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readOutbox } from "../../src/platform/mail/index";
import { startContentServer, type TContentServer, type TSignedIn } from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import * as files from "../support/files";
import { fixtureModel } from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("model production on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;
  let other: TSignedIn;
  let operator: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer(target.env);
    owner = await s.user();
    other = await s.user();
    operator = await s.user({ isSuper: true });
    await s.call(setLanguageCall, { language: "ko" }, owner.token);
  });
  afterAll(() => s?.shutdown());

  async function upload(
    token: string,
    purpose: string,
    name: string,
    bytes: Uint8Array,
  ): Promise<TUploadedFile> {
    const res = await s.upload<TUploadedFile>("/api/upload/file", [{ field: "file", name, bytes }], {
      token,
      fields: { purpose },
    });
    expect(res.body.rescode).toBe(CODES.ok.rescode);
    return res.body.data;
  }

  const mailsTo = async (emailId: string) => (await readOutbox(s.dataDir)).filter((m) => m.to === emailId);

  const form = (refs: TUploadedFile[]) => ({
    product_name: "Desk lamp",
    description: "A folding desk lamp with a brass hinge.",
    purpose: "online_store" as const,
    kind: "furniture" as const,
    options: { motion: true, ar_ready: false },
    quantity: 1,
    wished_date: "2027-01-15",
    files: refs,
  });

  it("answers the seeded price table to visitors; only operators change it", async () => {
    const prices = await s.call(productionPricesCall, {});
    expect(prices.body.data.prices).toHaveLength(12);
    const line = prices.body.data.prices.find((p) => p.kind === "furniture" && p.complexity === "standard");
    expect(line).toMatchObject({ price_krw: 1_200_000, price_usd: 950 });
    if (!line) return;
    const denied = await s.call(
      productionPricesUpdateCall,
      { prices: [{ ...line, price_krw: 1 }] },
      owner.token,
    );
    expect(denied.body.rescode).toBe(CODES.forbidden.rescode);
    const changed = await s.call(
      productionPricesUpdateCall,
      { prices: [{ ...line, price_krw: 1_300_000 }] },
      operator.token,
    );
    expect(changed.body.rescode).toBe(CODES.adminDone.rescode);
    const after = await s.call(productionPricesCall, {});
    expect(
      after.body.data.prices.find((p) => p.kind === "furniture" && p.complexity === "standard")?.price_krw,
    ).toBe(1_300_000);
  });

  it("finds requests in the console by product name or by the owner's e-mail ID", async () => {
    const asker = await s.user();
    const created = await s.call(
      productionCreateCall,
      { ...form([]), product_name: "Garden bench" },
      asker.token,
    );
    const id = created.body.data.doc.id;
    const search = async (q: string) =>
      (await s.call(productionAdminListCall, { q }, operator.token)).body.data.docs.map((d) => d.id);
    expect(await search("garden")).toContain(id);
    expect(await search(asker.emailId.toUpperCase())).toEqual([id]);
    expect(await search(asker.emailId.slice(0, -2))).toContain(id);
    // Wildcards are taken as typed: "%" matches no product name and no e-mail ID.
    expect(await search("%")).not.toContain(id);
  });

  it("runs a request from received to closed, mailing each step in the owner's language", async () => {
    const pdf = await upload(owner.token, "production", "brief.pdf", files.pdf());
    const stl = await upload(owner.token, "production", "part.stl", files.binaryStl());
    const created = await s.call(productionCreateCall, form([pdf, stl]), owner.token);
    expect(created.body.rescode).toBe(CODES.productionRequested.rescode);
    const doc = created.body.data.doc;
    expect(doc.id).toMatch(/^production_/);
    expect(doc.status).toBe("received");
    expect(doc.files.map((f) => f.name)).toEqual(["brief.pdf", "part.stl"]);
    expect((await mailsTo(owner.emailId)).map((m) => m.subject)).toContain(
      "3D 모델 제작 요청이 접수되었습니다",
    );

    // The owner cannot accept before a quote, nor quote themselves.
    const early = await s.call(productionRespondCall, { request_id: doc.id, accept: true }, owner.token);
    expect(early.body.rescode).toBe(CODES.productionWrongStatus.rescode);
    const selfQuote = await s.call(
      productionQuoteCall,
      { request_id: doc.id, price: 1, currency: "KRW", delivery_date: "2027-01-10" },
      owner.token,
    );
    expect(selfQuote.body.rescode).toBe(CODES.forbidden.rescode);

    const listed = await s.call(productionAdminListCall, { status: "received", q: "lamp" }, operator.token);
    expect(listed.body.data.docs.map((d) => d.id)).toContain(doc.id);
    expect(listed.body.data.docs.find((d) => d.id === doc.id)?.owner_email_id).toBe(owner.emailId);

    const quoted = await s.call(
      productionQuoteCall,
      {
        request_id: doc.id,
        price: 1_250_000,
        currency: "KRW",
        delivery_date: "2027-01-10",
        note: "Two rounds of changes.",
      },
      operator.token,
    );
    expect(quoted.body.data.doc).toMatchObject({
      status: "quoted",
      quote: { price: 1_250_000, currency: "KRW", delivery_date: "2027-01-10" },
    });
    const quoteMail = (await mailsTo(owner.emailId)).find(
      (m) => m.subject === "3D 모델 제작 견적이 도착했습니다",
    );
    expect(quoteMail?.text).toContain("₩1,250,000");
    expect(quoteMail?.text).toContain("2027-01-10");

    const accepted = await s.call(productionRespondCall, { request_id: doc.id, accept: true }, owner.token);
    expect(accepted.body.data.doc.status).toBe("in_production");

    const message = await s.call(
      productionAdminMessageCall,
      { request_id: doc.id, text: "Could you send a photo of the hinge?" },
      operator.token,
    );
    expect(message.body.data.doc.events.at(-1)).toMatchObject({ kind: "message", author: "operator" });
    expect(
      (await mailsTo(owner.emailId)).some((m) => m.text.includes("Could you send a photo of the hinge?")),
    ).toBe(true);

    // The owner's own file cannot be delivered by the operator; the operator's glb can.
    const notTheirs = await s.call(productionDeliverCall, { request_id: doc.id, model: pdf }, operator.token);
    expect(notTheirs.body.rescode).toBe(CODES.uploadNotYours.rescode);
    const fox = await upload(operator.token, "production_model", "Fox.glb", fixtureModel("Fox.glb"));
    const delivered = await s.call(productionDeliverCall, { request_id: doc.id, model: fox }, operator.token);
    expect(delivered.body.data.doc.status).toBe("delivered");
    const contentId = delivered.body.data.doc.content_id;
    expect(contentId).toMatch(/^content_/);
    const content = await s.settled(contentId ?? "", owner.token);
    expect(content).toMatchObject({ status: "ready", is_produced: true, title: "Desk lamp" });
    // It is the owner's, not the operator's.
    const operatorView = await s.call(contentDetailCall, { content_id: contentId ?? "" }, operator.token);
    expect(operatorView.body.rescode).toBe(CODES.notFound.rescode);

    const closed = await s.call(
      productionSetStatusCall,
      { request_id: doc.id, status: "closed" },
      operator.token,
    );
    expect(closed.body.data.doc.status).toBe("closed");
    const subjects = (await mailsTo(owner.emailId)).map((m) => m.subject);
    for (const subject of [
      "3D 모델 제작을 시작했습니다",
      "3D 모델이 납품되었습니다",
      "3D 모델 제작 요청이 종료되었습니다",
    ]) {
      expect(subjects).toContain(subject);
    }
    const mine = await s.call(productionDetailCall, { request_id: doc.id }, owner.token);
    expect(mine.body.data.doc.events.filter((e) => e.kind === "status").map((e) => e.status)).toEqual([
      "received",
      "quoted",
      "in_production",
      "delivered",
      "closed",
    ]);
  });

  it("lets the owner decline a quote", async () => {
    const created = await s.call(productionCreateCall, form([]), owner.token);
    const id = created.body.data.doc.id;
    await s.call(
      productionQuoteCall,
      { request_id: id, price: 900, currency: "USD", delivery_date: "2027-02-01" },
      operator.token,
    );
    const declined = await s.call(productionRespondCall, { request_id: id, accept: false }, owner.token);
    expect(declined.body.data.doc.status).toBe("declined");
    const again = await s.call(productionRespondCall, { request_id: id, accept: true }, owner.token);
    expect(again.body.rescode).toBe(CODES.productionWrongStatus.rescode);
  });

  it("keeps another owner's request and files untouchable", async () => {
    const pdf = await upload(owner.token, "production", "brief.pdf", files.pdf());
    const created = await s.call(productionCreateCall, form([pdf]), owner.token);
    const id = created.body.data.doc.id;
    const peek = await s.call(productionDetailCall, { request_id: id }, other.token);
    expect(peek.body.rescode).toBe(CODES.notFound.rescode);
    const accept = await s.call(productionRespondCall, { request_id: id, accept: true }, other.token);
    expect(accept.body.rescode).toBe(CODES.notFound.rescode);
    const theirs = await s.call(productionListCall, {}, other.token);
    expect(theirs.body.data.docs).toEqual([]);
    // Someone else's upload cannot be attached to one's own request.
    const borrowed = await s.call(productionCreateCall, form([pdf]), other.token);
    expect(borrowed.body.rescode).toBe(CODES.uploadNotYours.rescode);
    // A visitor cannot ask at all, nor an owner deliver.
    const visitor = await s.call(productionCreateCall, form([]));
    expect(visitor.body.status).toBe(false);
    const ownerDeliver = await s.call(productionDeliverCall, { request_id: id, model: pdf }, owner.token);
    expect(ownerDeliver.body.rescode).toBe(CODES.forbidden.rescode);
    // Only operators may upload a model for delivery.
    const res = await s.upload(
      "/api/upload/file",
      [{ field: "file", name: "Fox.glb", bytes: fixtureModel("Fox.glb") }],
      {
        token: owner.token,
        fields: { purpose: "production_model" },
      },
    );
    expect(res.body.rescode).toBe(CODES.validation.rescode);
  });
});
