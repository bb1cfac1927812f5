/**
 * What processing shows and leaves (issue 9, item 14): the studio sees each step and its percent
 * while a model is processed (queued first, then every step in order, in the detail and the
 * list), and a ready content has a thumbnail drawn on the server that is an image of its model;
 * the owner's own thumbnail is never replaced, and the drawn one goes with the content.
 */
import { contentDeleteCall, contentDetailCall, contentListCall, contentUpdateCall } from "@vitrine/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startContentServer,
  type TContentServer,
  type TSignedIn,
  trialRunning,
} from "../support/content-server";
import { testDatabaseTargets } from "../support/databases";
import { fixtureModel, gradientPng, texturedBoxGlb } from "../support/models";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const targets = await testDatabaseTargets();
afterAll(() => Promise.all(targets.map((t) => t.cleanup())));

const MODEL = "/api/upload/model";

type TLogRow = { step: string | null; percent: number | null };

/** The rows of a raw query on either driver (PGlite and node-postgres both answer `rows`). */
function rowsOf(result: unknown): TLogRow[] {
  const rows = typeof result === "object" && result !== null && "rows" in result ? result.rows : result;
  return Array.isArray(rows) ? (rows as TLogRow[]) : [];
}

/** Pixels of a decoded image, RGB. */
async function pixelsOf(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number] => {
    const i = (y * info.width + x) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
  };
  return { width: info.width, height: info.height, at };
}

describe.each(targets)("processing on $name", (target) => {
  let s: TContentServer;
  let owner: TSignedIn;

  beforeAll(async () => {
    s = await startContentServer(target.env);
    owner = await s.user({ trialEndsAt: trialRunning() });
  });
  afterAll(() => s?.shutdown());

  async function upload(name: string, bytes: Uint8Array): Promise<string> {
    const res = await s.upload<{ content_id: string }>(MODEL, [{ name, bytes }], { token: owner.token });
    if (!res.body.status) throw new Error(JSON.stringify(res.body));
    return res.body.data.content_id;
  }

  async function fetchBlob(url: string): Promise<{ type: string | null; bytes: Uint8Array }> {
    const res = await fetch(`${s.server.baseUrl}${url}`);
    expect(res.status).toBe(200);
    return { type: res.headers.get("content-type"), bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  it("shows each step with its percent while processing, then none once ready", async () => {
    const db = s.platform.database.db;
    // A real trigger records every step the worker writes, however fast it goes.
    await db.execute(sql`create table if not exists test_progress_log (
      n serial primary key, content_id text, step text, percent integer)`);
    await db.execute(sql`create or replace function test_log_progress() returns trigger as $$
      begin
        if new.processing_step is distinct from old.processing_step then
          insert into test_progress_log (content_id, step, percent)
            values (new.id, new.processing_step, new.processing_percent);
        end if;
        return new;
      end $$ language plpgsql`);
    await db.execute(sql`drop trigger if exists test_progress on contents`);
    await db.execute(sql`create trigger test_progress after update on contents
      for each row execute function test_log_progress()`);

    await s.platform.jobs.stop();
    const id = await upload("Radio.glb", fixtureModel("Radio.glb"));
    const queued = await s.call(contentDetailCall, { content_id: id }, owner.token);
    expect(queued.body.data.doc).toMatchObject({
      status: "processing",
      processing: { step: "queued", percent: 0 },
    });
    const list = await s.call(contentListCall, { search: "", sort: "updated" }, owner.token);
    expect(list.body.data.docs.find((d) => d.content_id === id)?.processing).toEqual({
      step: "queued",
      percent: 0,
    });

    s.platform.jobs.start();
    const ready = await s.settled(id, owner.token);
    expect(ready).toMatchObject({ status: "ready", processing: null });
    const log: unknown = await db.execute(
      sql`select step, percent from test_progress_log where content_id = ${id} order by n`,
    );
    const steps = rowsOf(log).filter((r) => r.step !== null);
    expect(steps.map((r) => r.step)).toEqual([
      "reading",
      "geometry",
      "textures",
      "thumbnail",
      "compressing",
      "saving",
    ]);
    const percents = steps.map((r) => r.percent ?? -1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents[0]).toBeGreaterThan(0);
    expect(percents.at(-1)).toBeLessThan(100);
    await db.execute(sql`drop trigger test_progress on contents`);
  });

  it("draws a thumbnail of the model when processing ends", async () => {
    const id = await upload("Radio.glb", fixtureModel("Radio.glb"));
    const doc = await s.settled(id, owner.token);
    expect(doc.status).toBe("ready");
    expect(doc.thumbnail_url).toMatch(/^\/blobs\/[0-9a-f]{64}\.jpg$/);
    const listed = await s.call(contentListCall, { search: "", sort: "updated" }, owner.token);
    expect(listed.body.data.docs.find((d) => d.content_id === id)?.thumbnail_url).toBe(doc.thumbnail_url);

    const { type, bytes } = await fetchBlob(doc.thumbnail_url ?? "");
    expect(type).toBe("image/jpeg");
    const image = await pixelsOf(bytes);
    expect([image.width, image.height]).toEqual([640, 480]);
    // The backdrop is a light grey; the Radio's body is an orange and blue checker.
    const corner = image.at(5, 5);
    expect(Math.min(...corner)).toBeGreaterThan(200);
    let orange = 0;
    let blue = 0;
    for (let y = 0; y < image.height; y += 2) {
      for (let x = 0; x < image.width; x += 2) {
        const [r, g, b] = image.at(x, y);
        if (r > 150 && g > 50 && g < 160 && b < 90) orange += 1;
        if (b > 100 && r < 110 && g < 110) blue += 1;
      }
    }
    const samples = (image.width / 2) * (image.height / 2);
    expect(orange / samples).toBeGreaterThan(0.1);
    expect(blue / samples).toBeGreaterThan(0.1);

    // Another model draws another picture: the gradient box fills the middle with its colours.
    const boxId = await upload("crate.glb", await texturedBoxGlb(64));
    const box = await s.settled(boxId, owner.token);
    expect(box.thumbnail_url).toMatch(/\.jpg$/);
    expect(box.thumbnail_url).not.toBe(doc.thumbnail_url);
    const boxImage = await pixelsOf((await fetchBlob(box.thumbnail_url ?? "")).bytes);
    const middle = boxImage.at(320, 240);
    expect(Math.max(...middle) - Math.min(...middle)).toBeGreaterThan(40);
  });

  it("keeps the owner's own thumbnail, and removes the drawn one with the content", async () => {
    await s.platform.jobs.stop();
    const id = await upload("Radio.glb", fixtureModel("Radio.glb"));
    const png = await gradientPng(32);
    const image = await s.upload<{ url: string }>(
      "/api/upload/image",
      [{ field: "file", name: "capture.png", bytes: png }],
      { token: owner.token, fields: { purpose: "thumbnail", content_id: id } },
    );
    const own = image.body.data.url;
    await s.call(contentUpdateCall, { content_id: id, thumbnail_url: own }, owner.token);
    s.platform.jobs.start();
    const doc = await s.settled(id, owner.token);
    expect(doc.status).toBe("ready");
    expect(doc.thumbnail_url).toBe(own);

    const other = await upload("Fox.glb", fixtureModel("Fox.glb"));
    const drawn = (await s.settled(other, owner.token)).thumbnail_url ?? "";
    expect(drawn).toMatch(/\.jpg$/);
    const blobName = drawn.replace("/blobs/", "");
    expect((await s.blobFiles()).some((f) => f.endsWith(blobName))).toBe(true);
    await s.call(contentDeleteCall, { content_id: other }, owner.token);
    expect((await s.blobFiles()).some((f) => f.endsWith(blobName))).toBe(false);
  });
});
