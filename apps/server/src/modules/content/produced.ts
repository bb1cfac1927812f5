/**
 * Produced models (SPEC §1): the operators' mark (audited when an operator sets it from the
 * console) and a model the operators made for an owner, delivered into the owner's studio.
 */
import { AppError, type TContentDoc } from "@vitrine/contract";
import { eq } from "drizzle-orm";
import { contents } from "../../db/schema/content";
import type { TContentDeps } from "./deps";
import type { TContentEvents } from "./events";
import { toContentDoc } from "./mapper";
import type { TNewContent } from "./owner";
import { checkDrawable, checkRequiredExtensions, readGltfJson, validateModel } from "./pipeline/index";
import { findContent, type TContentRow } from "./queries";

/** Who marked a content produced, for the audit log. */
export interface TContentActor {
  actorId: string;
  reason?: string | null;
}

/** A model produced by the operators for an owner (production delivery). */
export interface TProducedModel {
  /** The owner who receives it (not the operator who uploaded it). */
  ownerId: string;
  title: string;
  /** Blob key of the operator's `.glb` upload (`POST /api/upload/file`, purpose `production_model`). */
  modelKey: string;
}

/** The produced-model verbs. */
export interface TProducedContents {
  /** Marks a content as produced by Vitrine (super accounts); audited when `by` names the operator. */
  setProduced(contentId: string, isProduced: boolean, by?: TContentActor): Promise<TContentDoc>;
  /**
   * Creates a content for `ownerId` from a stored `.glb` (the same model checks as an upload),
   * marked produced, and queues its processing.
   */
  createProduced(model: TProducedModel): Promise<TContentRow>;
}

/** Creates the produced-model verbs; `create` is the owner verbs' (owner.ts). */
export function createProducedContents(
  deps: Pick<TContentDeps, "db" | "blobs" | "audit" | "now">,
  events: TContentEvents,
  create: (input: TNewContent) => Promise<TContentRow>,
): TProducedContents {
  const { db, blobs, now } = deps;
  return {
    async setProduced(contentId, isProduced, by) {
      const updated = await db.transaction(async (tx) => {
        const before = await findContent(tx, contentId);
        if (!before) throw new AppError("notFound");
        const [row] = await tx
          .update(contents)
          .set({ isProduced, updatedAt: now() })
          .where(eq(contents.id, contentId))
          .returning();
        if (!row) throw new AppError("notFound");
        if (by && deps.audit) {
          await deps.audit.audit(
            {
              actorId: by.actorId,
              action: "content.produced",
              targetType: "content",
              targetId: row.id,
              before: { is_produced: before.isProduced },
              after: { is_produced: row.isProduced, title: row.title, owner_id: row.ownerId },
              reason: by.reason ?? null,
            },
            tx,
          );
        }
        return row;
      });
      await events.changed([updated.id]);
      return toContentDoc(updated);
    },

    async createProduced(model) {
      const blob = await blobs.get(model.modelKey);
      if (!blob) throw new AppError("notFound");
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const glb = new Uint8Array(Buffer.concat(chunks));
      const json = readGltfJson("glb", glb, model.modelKey);
      await validateModel("glb", glb, new Map());
      await checkRequiredExtensions(json);
      checkDrawable(json);
      return create({ ownerId: model.ownerId, title: model.title, glb, isProduced: true });
    },
  };
}
