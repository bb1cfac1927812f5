/**
 * The demo (`npm run demo`, or `DEMO=true` at start): a demo owner and one public, annotated
 * content made from `fixtures/models/Radio.glb` through the same pipeline as an upload.
 * Idempotent: a second run finds both and changes nothing.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SCENE, type TAnnotation, type TBuild } from "@vitrine/contract";
import { and, eq } from "drizzle-orm";
import { contents } from "../../db/schema/content";
import type { TDrizzle } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import { emptyBuild, type TContentService } from "./service";

/**
 * The demo owner's sign-in. Not `@vitrine.local`: the sign-in rule (SPEC §5) wants a final
 * suffix of 2 to 3 letters, and example.com is reserved, so no mail for it reaches anyone.
 */
export const DEMO_ACCOUNT = { emailId: "demo@example.com", password: "demo1234" } as const;
/** The demo content's title (how a second run finds it). */
export const DEMO_TITLE = "Vitrine demo radio";

const FIXTURE = join("fixtures", "models", "Radio.glb");

/** Finds the fixture above this file (source or bundle) or the working directory. */
export function findDemoModel(): string | undefined {
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    let dir = start;
    for (;;) {
      if (existsSync(join(dir, FIXTURE))) return join(dir, FIXTURE);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}

function annotation(
  n: number,
  title: string,
  content: string,
  at: [number, number, number],
  normal: [number, number, number],
  camera: [number, number, number],
): TAnnotation {
  return {
    annotation_id: `demo-${n}`,
    title,
    content,
    axis: { position: camera, target: at, fov: 40 },
    images: [],
    videos: [],
    marker: { posx: at[0], posy: at[1], posz: at[2], number: n },
    normal,
  };
}

/** The demo's build: three annotations on the radio and a warm scene. */
export function demoBuild(): TBuild {
  return {
    ...emptyBuild(),
    annotationinfo: [
      annotation(
        1,
        "Tuning knob",
        "Machined from one piece of brushed aluminium. Turn it to find your station.",
        [0.12, 0.16, 0],
        [0, 1, 0],
        [0.32, 0.38, 0.34],
      ),
      annotation(
        2,
        "Speaker",
        "A full-range driver sits behind the front panel for clear voices at any volume.",
        [-0.08, 0, 0.1],
        [0, 0, 1],
        [-0.1, 0.06, 0.55],
      ),
      annotation(
        3,
        "Non-slip feet",
        "Soft rubber feet keep the radio steady and protect the table.",
        [0.15, -0.14, 0.02],
        [0, -1, 0],
        [0.36, -0.12, 0.36],
      ),
    ],
    sceneinfo: { ...DEFAULT_SCENE, environment: { preset: "warm", intensity: 1 }, auto_rotate: true },
  };
}

/** What the demo did. */
export interface TDemoOutcome {
  userId: string;
  contentId: string;
  isAccountCreated: boolean;
  isContentCreated: boolean;
}

/**
 * Creates the demo owner and content when missing. With `processNow` the model is optimised
 * before returning (the script has no workers); otherwise the queued job does it.
 */
export async function ensureDemo(deps: {
  db: TDrizzle;
  accounts: Pick<TAccountsService, "ensureAccount">;
  service: TContentService;
  processNow: boolean;
}): Promise<TDemoOutcome | null> {
  const model = findDemoModel();
  if (!model) return null;
  const { userId, isCreated } = await deps.accounts.ensureAccount({ ...DEMO_ACCOUNT, plan: "advanced" });
  const [existing] = await deps.db
    .select({ id: contents.id, status: contents.status })
    .from(contents)
    .where(and(eq(contents.ownerId, userId), eq(contents.title, DEMO_TITLE)))
    .limit(1);
  if (existing) {
    if (deps.processNow && existing.status === "processing") await deps.service.process(existing.id);
    return { userId, contentId: existing.id, isAccountCreated: isCreated, isContentCreated: false };
  }
  const row = await deps.service.create({
    ownerId: userId,
    title: DEMO_TITLE,
    glb: new Uint8Array(await readFile(model)),
    build: demoBuild(),
    isPublic: true,
  });
  if (deps.processNow) await deps.service.process(row.id);
  return { userId, contentId: row.id, isAccountCreated: isCreated, isContentCreated: true };
}
