/**
 * `DEMO=true`: the server makes the demo owner and its public, annotated radio at start, ready
 * after processing; starting again makes nothing new.
 */
import { CODES, contentListCall, loginCall } from "@vitrine/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEMO_ACCOUNT, DEMO_TITLE } from "../../src/modules/content/demo";
import { startContentServer } from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

describe.each(targets)("demo content on $name", (target) => {
  it("creates the demo owner and a ready, public, annotated content, once", async () => {
    const ids: string[] = [];
    for (let run = 0; run < 2; run++) {
      const s = await startContentServer({ ...target.env, DEMO: "true" });
      try {
        const login = await s.call(loginCall, {
          email_id: DEMO_ACCOUNT.emailId,
          password: DEMO_ACCOUNT.password,
        });
        expect(login.body.rescode).toBe(CODES.ok.rescode);
        const token = login.body.data.atk;
        const list = await s.call(contentListCall, { search: "", sort: "updated" }, token);
        expect(list.body.data.docs.map((d) => d.title)).toEqual([DEMO_TITLE]);
        const id = list.body.data.docs[0]?.content_id ?? "";
        ids.push(id);
        const doc = await s.settled(id, token);
        expect(doc).toMatchObject({ status: "ready", is_public: true });
        expect(doc.build.annotationinfo.map((a) => a.title)).toEqual([
          "Tuning knob",
          "Speaker",
          "Non-slip feet",
        ]);
        expect(doc.model_info?.materials).toEqual(["Body", "Brushed metal", "Rubber"]);
      } finally {
        await s.shutdown();
      }
    }
    expect(ids[1]).toBe(ids[0]);
  });
});
