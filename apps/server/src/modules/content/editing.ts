/**
 * Editing a content: title, visibility, build data (annotations, motion steps, materials,
 * scene), specification and thumbnail, within the owner's plan and with files the owner uploaded.
 */
import {
  AppError,
  PLAN_LIMITS,
  planLevel,
  type TBuild,
  type TContentDoc,
  type TFieldErrors,
  type TSpecification,
} from "@vitrine/contract";
import { and, eq } from "drizzle-orm";
import { contents } from "../../db/schema/content";
import type { TAuth } from "../../platform/types";
import { findOwnContent, type TContentDeps } from "./deps";
import type { TContentEvents } from "./events";
import { toContentDoc } from "./mapper";
import { blobReferencesOf, checkMotionSteps, checkPlanLimits, NOT_YOUR_FILE } from "./policy";
import { ownedKeys } from "./queries";

/** The update call's input. */
export interface TContentUpdate {
  content_id: string;
  title?: string;
  is_public?: boolean;
  build?: TBuild;
  specification?: TSpecification;
  thumbnail_url?: string;
}

/** The editing verb. */
export interface TContentEditing {
  update(auth: TAuth, input: TContentUpdate): Promise<TContentDoc>;
}

/** Creates the editing verb. */
export function createContentEditing(
  deps: Pick<TContentDeps, "db" | "accounts" | "now">,
  events: TContentEvents,
): TContentEditing {
  const { db, now } = deps;

  /** `validation` naming each field whose `/blobs/…` file is not an upload of the owner's. */
  async function checkReferences(auth: TAuth, input: TContentUpdate): Promise<void> {
    const refs = blobReferencesOf(input);
    if (refs.length === 0) return;
    const fields: TFieldErrors = {};
    for (const kind of ["image", "video"] as const) {
      const ofKind = refs.filter((r) => r.kind === kind);
      const owned = await ownedKeys(
        db,
        auth.userId,
        ofKind.map((r) => r.key),
        kind,
      );
      for (const ref of ofKind) if (!owned.has(ref.key)) fields[ref.field] ??= NOT_YOUR_FILE;
    }
    if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  }

  return {
    async update(auth, input) {
      const row = await findOwnContent(db, auth, input.content_id);
      // Visitors only ever get ready contents, so one still processing (or failed) stays private.
      if (input.is_public === true && row.status !== "ready") throw new AppError("contentNotReady");
      if (input.build || input.specification) {
        const info = await deps.accounts.userInfo(auth.userId);
        const level = planLevel({
          active_plane: info.active_plane,
          payment_status: info.plane_info.subscribed,
          trial: info.trial,
        });
        checkPlanLimits(PLAN_LIMITS[level], input, row);
      }
      if (input.build) {
        checkMotionSteps(input.build, row.build, row.isProduced, row.modelInfo?.clips ?? null);
      }
      await checkReferences(auth, input);
      const [updated] = await db
        .update(contents)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.is_public !== undefined ? { isPublic: input.is_public } : {}),
          ...(input.build !== undefined ? { build: input.build } : {}),
          ...(input.specification !== undefined ? { specification: input.specification } : {}),
          ...(input.thumbnail_url !== undefined ? { thumbnailUrl: input.thumbnail_url } : {}),
          updatedAt: now(),
        })
        .where(and(eq(contents.id, row.id), eq(contents.ownerId, auth.userId)))
        .returning();
      if (!updated) throw new AppError("notFound");
      await events.changed([updated.id]);
      return toContentDoc(updated);
    },
  };
}
