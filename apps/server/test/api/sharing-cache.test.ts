/**
 * The share-link resolve cache across two server instances on one database and one Redis
 * (issue 9 item 24): every change an owner makes on one instance — a content edited or deleted,
 * a link deleted, a plan downgraded — is seen by the very next resolve on the other, and the
 * monthly access limit is never passed when visitors come through both at once.
 */
import {
  CODES,
  contentDeleteCall,
  contentUpdateCall,
  shareLinkCreateCall,
  shareLinkDeleteCall,
  shareLinkListCall,
  shareLinkResolveCall,
  type TSharedDoc,
} from "@vitrine/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultModules } from "../../src/app";
import { shareLinkMonthAccess } from "../../src/db/schema/sharing";
import type { TAccountsModule } from "../../src/modules/accounts/routes";
import { closePlatform, createPlatform } from "../../src/platform/index";
import type { TModule } from "../../src/platform/module";
import type { TPlatform } from "../../src/platform/types";
import { testLogger } from "../support/config";
import { testDatabaseTargets } from "../support/databases";
import { uniqueIp } from "../support/factories";
import { startServer, type TTestServer } from "./harness";
import { startSharingServer, type TOwner, type TSharingServer } from "./sharing-server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const REDIS_URL = process.env.REDIS_URL;
const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

/** A's PGlite platform for instance B: the same database; A alone runs the job workers. */
function sharedWithA(platform: TPlatform): TPlatform {
  const { jobs } = platform;
  return {
    ...platform,
    jobs: { ...jobs, register: () => undefined, start: () => undefined, stop: async () => undefined },
  };
}

describe.skipIf(!REDIS_URL).each(targets)("the resolve cache across two instances on $name", (target) => {
  let a: TSharingServer;
  let b: TTestServer;
  let bPlatform: TPlatform | undefined;
  let bModules: TModule[] = [];

  beforeAll(async () => {
    a = await startSharingServer(target.env);
    // PGlite lives in one process: instance B shares A's platform but has its own modules and cache.
    bPlatform = target.name === "postgres" ? await createPlatform(a.server.config, testLogger()) : undefined;
    b = await startServer(a.server.config, {
      platform: bPlatform ?? sharedWithA(a.platform),
      trustProxy: true,
      modules: (p) => {
        bModules = defaultModules(p);
        return bModules;
      },
    });
  });
  afterAll(async () => {
    await b?.shutdown();
    if (bPlatform) await closePlatform(bPlatform);
    await a?.shutdown();
  });

  async function resolveOn(server: TTestServer, url: string) {
    const res = await server.post(
      shareLinkResolveCall.path,
      await server.envelope.wrap({ sharelink_url: url }),
      { "x-forwarded-for": uniqueIp() },
    );
    return res.json as { status: boolean; rescode: number; data: { doc: TSharedDoc } };
  }

  async function link(owner: TOwner, contentId: string): Promise<string> {
    const res = await a.call(shareLinkCreateCall, { content_id: contentId }, { token: owner.token });
    if (!res.body.status) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
    return res.body.data.doc.sharelink_url;
  }

  function accountsOfB(): TAccountsModule {
    const found = bModules.find((m) => m.name === "accounts");
    if (!found) throw new Error("no accounts module");
    return found as TAccountsModule;
  }

  it("sees a content edit, a link deletion and a content deletion made on the other instance at once", async () => {
    const owner = await a.owner("standard");
    const contentId = await a.content(owner.userId, { title: "First title" });
    const first = await link(owner, contentId);
    const second = await link(owner, contentId);
    for (const server of [a.server, b, a.server, b]) {
      const res = await resolveOn(server, first);
      expect(res.data.doc.kind === "content" && res.data.doc.content.title).toBe("First title");
    }

    await a.call(contentUpdateCall, { content_id: contentId, title: "Second title" }, { token: owner.token });
    const edited = await resolveOn(b, first);
    expect(edited.data.doc.kind === "content" && edited.data.doc.content.title).toBe("Second title");

    await resolveOn(a.server, second);
    await resolveOn(b, second);
    const deleted = await a.call(shareLinkDeleteCall, { sharelink_url: first }, { token: owner.token });
    expect(deleted.body.status).toBe(true);
    expect((await resolveOn(b, first)).rescode).toBe(CODES.notFound.rescode);
    expect((await resolveOn(b, second)).status).toBe(true);

    await a.call(contentDeleteCall, { content_id: contentId }, { token: owner.token });
    expect((await resolveOn(b, second)).rescode).toBe(CODES.notFound.rescode);
  });

  it("sees an owner's downgrade on the other instance at once", async () => {
    const owner = await a.owner("advanced");
    const url = await link(owner, await a.content(owner.userId));
    for (const server of [a.server, b]) {
      const res = await resolveOn(server, url);
      expect(res.data.doc.branding).toEqual({ show_logo: false, show_ads: false });
    }
    // The trial ends early and the plan is Free: Basic's branding, through instance B.
    await accountsOfB().service.setPlan(owner.userId, {
      plan: "free",
      paymentStatus: false,
      trialEndsAt: null,
    });
    const res = await resolveOn(a.server, url);
    expect(res.data.doc.branding).toEqual({ show_logo: true, show_ads: true });
  });

  it("never passes the monthly limit when visitors come through both instances at once", async () => {
    const owner = await a.owner("basic");
    const contentId = await a.content(owner.userId);
    const url = await link(owner, contentId);
    await resolveOn(a.server, url);
    await resolveOn(b, url);
    const month = new Date().toISOString().slice(0, 7);
    await a.platform.database.db
      .update(shareLinkMonthAccess)
      .set({ count: 90 })
      .where(and(eq(shareLinkMonthAccess.url, url), eq(shareLinkMonthAccess.month, month)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => resolveOn(i % 2 === 0 ? a.server : b, url)),
    );
    expect(answers.filter((r) => r.status)).toHaveLength(10);
    expect(answers.filter((r) => r.rescode === CODES.shareLinkMonthlyLimit.rescode)).toHaveLength(10);
    const list = await a.call(shareLinkListCall, { content_id: contentId }, { token: owner.token });
    const doc = list.body.status ? list.body.data.docs[0] : undefined;
    expect(doc?.month_access).toBe(100);
    expect(doc?.total_access).toBe(12);
  });
});
