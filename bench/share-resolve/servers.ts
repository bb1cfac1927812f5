/**
 * Starts, in one child process, the full Vitrine server (dispatcher, envelope on, rate limits off;
 * PGlite, or PostgreSQL when BENCH_PG_URL names a server: a fresh database is made and dropped)
 * with one Standard owner, one ready content and one open link, and a bare Fastify route that
 * answers the same resolve JSON. Prints the ports, the link and the envelope as one JSON line.
 */
import { randomBytes } from "node:crypto";
import { createEnvelope, ENVELOPE_ITERATIONS, newId, shareLinkResolveCall } from "@vitrine/contract";
import pg from "pg";
import { users } from "../../apps/server/src/db/schema/accounts";
import { contents } from "../../apps/server/src/db/schema/content";
import { shareLinks } from "../../apps/server/src/db/schema/sharing";
import { emptyBuild, emptySpecification } from "../../apps/server/src/modules/content/service";
import { newSharelinkUrl } from "../../apps/server/src/modules/sharing/service";
import { putWithHash } from "../../apps/server/src/platform/blobs/index";
import { announceAndStopOnTerm, startBareRoute, startBenchVitrine } from "../support/bench-servers";

const pgBase = process.env.BENCH_PG_URL;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (pgBase) {
  const name = `vitrine_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
}

const { vitrine, config } = await startBenchVitrine({
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL,
});

const { db } = vitrine.platform.database;
const ownerId = newId("user");
const at = new Date();
await db.insert(users).values({
  id: ownerId,
  emailId: `bench-${ownerId}@example.com`,
  email: `bench-${ownerId}@example.com`,
  emailVerifiedAt: at,
  passwordHash: "not-used",
  activePlane: "standard",
  paymentStatus: true,
  createdAt: at,
  updatedAt: at,
});
const modelKey = await putWithHash(vitrine.platform.blobs, randomBytes(64), "model/gltf-binary", "glb");
const contentId = newId("content");
await db.insert(contents).values({
  id: contentId,
  ownerId,
  title: "Bench lamp",
  status: "ready",
  isPublic: false,
  originalKey: modelKey,
  modelKey,
  modelInfo: {
    clips: [],
    materials: [],
    dimensions: [0.3, 0.5, 0.3],
    triangles: 12,
    original_bytes: 64,
    optimized_bytes: 64,
  },
  build: emptyBuild(),
  specification: emptySpecification(),
  createdAt: at,
  updatedAt: at,
});
const link = newSharelinkUrl();
await db.insert(shareLinks).values({ url: link, contentId, ownerId, kind: "open", createdAt: at });

// The bare route answers exactly what resolve answers (taken from one real resolve).
const envelope = await createEnvelope({ ...config.envelope, iterations: ENVELOPE_ITERATIONS });
const sample = await vitrine.app.inject({
  method: "POST",
  url: shareLinkResolveCall.path,
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(await envelope.wrap({ sharelink_url: link })),
});
if (!sample.body.startsWith('{"status":true'))
  throw new Error(`resolve failed: ${sample.body.slice(0, 200)}`);
const answer = sample.body;
const bare = await startBareRoute(shareLinkResolveCall.path, () => answer);
announceAndStopOnTerm(
  vitrine,
  bare,
  config,
  { link, db: vitrine.platform.database.kind, pid: process.pid, sample: answer.slice(0, 80) },
  dropDatabase,
);
