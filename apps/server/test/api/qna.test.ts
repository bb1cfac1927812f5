/**
 * The Q&A board through the real server: visitors read public questions; owners ask (with their
 * own images), edit and delete until answered; only operators answer (the asker is mailed),
 * post notices and hide posts; a private question is seen whole by its asker and operators only;
 * another owner's question is `notFound`; markup is kept as plain text.
 */
import {
  CODES,
  qnaAdminListCall,
  qnaAnswerCall,
  qnaCreateCall,
  qnaDeleteCall,
  qnaDetailCall,
  qnaListCall,
  qnaModerateCall,
  qnaNewListCall,
  qnaNoticeCall,
  qnaUpdateCall,
  type TUploadedFile,
} from "@vitrine/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readOutbox } from "../../src/platform/mail/index";
import { startContentServer, type TContentServer, type TSignedIn } from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import * as files from "../support/files";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("the Q&A board on $name", (target) => {
  let s: TContentServer;
  let asker: TSignedIn;
  let other: TSignedIn;
  let operator: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer(target.env);
    asker = await s.user();
    other = await s.user();
    operator = await s.user({ isSuper: true });
  });
  afterAll(() => s?.shutdown());

  const question = (
    title: string,
    extra: Partial<{ is_private: boolean; images: string[]; body: string }> = {},
  ) => ({
    title,
    category: "studio" as const,
    body: extra.body ?? "How do I add motion steps?",
    images: extra.images ?? [],
    is_private: extra.is_private ?? false,
  });

  it("takes a question with images, keeps markup as text, and lets visitors read and search it", async () => {
    const res = await s.upload<TUploadedFile>(
      "/api/upload/file",
      [{ field: "file", name: "screen.png", bytes: await files.png() }],
      {
        token: asker.token,
        fields: { purpose: "qna_image" },
      },
    );
    const created = await s.call(
      qnaCreateCall,
      question("Motion steps on my lamp", {
        images: [res.body.data.url],
        body: "<script>alert(1)</script> Where?",
      }),
      asker.token,
    );
    const doc = created.body.data.doc;
    expect(doc).toMatchObject({ status: "waiting", can_edit: true, images: [res.body.data.url] });
    expect(doc.body).toBe("<script>alert(1)</script> Where?");

    const listed = await s.call(qnaListCall, { page: 1, q: "lamp" });
    expect(listed.body.data.docs.map((d) => d.title)).toContain("Motion steps on my lamp");
    const visitor = await s.call(qnaDetailCall, { qna_id: doc.id });
    expect(visitor.body.data.doc).toMatchObject({
      title: "Motion steps on my lamp",
      can_edit: false,
      is_mine: false,
    });

    // Another owner's image cannot be attached.
    const borrowed = await s.call(
      qnaCreateCall,
      question("Borrowed", { images: [res.body.data.url] }),
      other.token,
    );
    expect(borrowed.body.rescode).toBe(CODES.uploadNotYours.rescode);
  });

  it("shows a private question whole only to its asker and operators", async () => {
    const created = await s.call(
      qnaCreateCall,
      question("My invoice number 4411", { is_private: true, body: "secret-words" }),
      asker.token,
    );
    const id = created.body.data.doc.id;
    const asVisitor = await s.call(qnaListCall, { page: 1 });
    const row = asVisitor.body.data.docs.find((d) => d.id === id);
    expect(row).toMatchObject({ title: null, is_private: true });
    expect((await s.call(qnaListCall, { page: 1, q: "secret-words" })).body.data.docs).toEqual([]);
    expect((await s.call(qnaListCall, { page: 1, q: "secret-words" }, other.token)).body.data.docs).toEqual(
      [],
    );
    expect(
      (await s.call(qnaListCall, { page: 1, q: "secret-words" }, asker.token)).body.data.docs,
    ).toHaveLength(1);
    expect((await s.call(qnaDetailCall, { qna_id: id })).body.rescode).toBe(CODES.notFound.rescode);
    expect((await s.call(qnaDetailCall, { qna_id: id }, other.token)).body.rescode).toBe(
      CODES.notFound.rescode,
    );
    expect((await s.call(qnaDetailCall, { qna_id: id }, asker.token)).body.data.doc.body).toBe(
      "secret-words",
    );
    expect((await s.call(qnaDetailCall, { qna_id: id }, operator.token)).body.data.doc.body).toBe(
      "secret-words",
    );
    const newest = await s.call(qnaNewListCall, {});
    expect(newest.body.data.latest.find((d) => d.id === id)?.title).toBeNull();
  });

  it("lets only operators answer; answered questions are locked and the asker is mailed", async () => {
    const created = await s.call(qnaCreateCall, question("Can I change my plan?"), asker.token);
    const id = created.body.data.doc.id;
    // Another owner cannot touch it.
    const edit = await s.call(qnaUpdateCall, { qna_id: id, ...question("Hijacked") }, other.token);
    expect(edit.body.rescode).toBe(CODES.notFound.rescode);
    const del = await s.call(qnaDeleteCall, { qna_id: id }, other.token);
    expect(del.body.rescode).toBe(CODES.notFound.rescode);
    // The asker can edit while it waits; owners cannot answer.
    const edited = await s.call(
      qnaUpdateCall,
      { qna_id: id, ...question("Can I change my plan later?") },
      asker.token,
    );
    expect(edited.body.data.doc.title).toBe("Can I change my plan later?");
    const ownerAnswer = await s.call(qnaAnswerCall, { qna_id: id, body: "Yes." }, asker.token);
    expect(ownerAnswer.body.rescode).toBe(CODES.forbidden.rescode);

    const answered = await s.call(
      qnaAnswerCall,
      { qna_id: id, body: "Yes, from the account page." },
      operator.token,
    );
    expect(answered.body.data.doc).toMatchObject({
      status: "answered",
      answers: [{ body: "Yes, from the account page." }],
    });
    const mails = (await readOutbox(s.dataDir)).filter((m) => m.to === asker.emailId);
    expect(mails.map((m) => m.subject)).toContain("Your question on Vitrine has been answered");
    expect(mails.find((m) => m.subject.includes("answered"))?.text).toContain(`/qnacontentdetails?id=${id}`);

    const late = await s.call(qnaUpdateCall, { qna_id: id, ...question("Changed after") }, asker.token);
    expect(late.body.rescode).toBe(CODES.qnaAnswered.rescode);
    const lateDelete = await s.call(qnaDeleteCall, { qna_id: id }, asker.token);
    expect(lateDelete.body.rescode).toBe(CODES.qnaAnswered.rescode);
    const waiting = await s.call(qnaListCall, { page: 1, status: "waiting" });
    expect(waiting.body.data.docs.map((d) => d.id)).not.toContain(id);
  });

  it("lets the asker delete an unanswered question", async () => {
    const created = await s.call(qnaCreateCall, question("Typo question"), asker.token);
    const id = created.body.data.doc.id;
    expect((await s.call(qnaDeleteCall, { qna_id: id }, asker.token)).body.rescode).toBe(CODES.ok.rescode);
    expect((await s.call(qnaDetailCall, { qna_id: id }, asker.token)).body.rescode).toBe(
      CODES.notFound.rescode,
    );
  });

  it("puts pinned notices first and hides abuse from the board", async () => {
    const notice = await s.call(
      qnaNoticeCall,
      { title: "Maintenance on Sunday", body: "02:00-04:00 KST", is_pinned: true },
      operator.token,
    );
    expect(notice.body.rescode).toBe(CODES.adminDone.rescode);
    const ownerNotice = await s.call(
      qnaNoticeCall,
      { title: "Fake", body: "x", is_pinned: true },
      asker.token,
    );
    expect(ownerNotice.body.rescode).toBe(CODES.forbidden.rescode);
    const first = await s.call(qnaListCall, { page: 1 });
    expect(first.body.data.docs[0]).toMatchObject({
      kind: "notice",
      title: "Maintenance on Sunday",
      author: "Vitrine",
    });
    const newest = await s.call(qnaNewListCall, {});
    expect(newest.body.data.notices.map((n) => n.title)).toContain("Maintenance on Sunday");

    const spam = await s.call(qnaCreateCall, question("Buy cheap followers"), other.token);
    const id = spam.body.data.doc.id;
    const hidden = await s.call(qnaModerateCall, { qna_id: id, is_hidden: true }, operator.token);
    expect(hidden.body.data.doc.is_hidden).toBe(true);
    expect((await s.call(qnaListCall, { page: 1 })).body.data.docs.map((d) => d.id)).not.toContain(id);
    expect((await s.call(qnaDetailCall, { qna_id: id })).body.rescode).toBe(CODES.notFound.rescode);
    const consoleList = await s.call(qnaAdminListCall, { page: 1 }, operator.token);
    expect(consoleList.body.data.docs.find((d) => d.id === id)?.is_hidden).toBe(true);
    expect((await s.call(qnaAdminListCall, { page: 1 }, asker.token)).body.rescode).toBe(
      CODES.forbidden.rescode,
    );
  });
});
