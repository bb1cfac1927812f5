/**
 * The exhibitions operators run: the list with booth and request counts, creating one (always
 * unpublished first), editing it (a layout that would leave a booth outside is refused) and
 * publishing or withdrawing it. Each change writes its audit row.
 */
import { AppError, newId, type TExhibitionDoc, type TExhibitionInput } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TExhibitionDeps } from "./deps";
import { anyExhibition, auditAction } from "./deps";
import type { TExhibitionDocs } from "./docs";
import { toExhibitionDoc } from "./mapper";
import { boothCounts, boothsOutside, insertExhibition, listExhibitions, updateExhibition } from "./queries";

/** The operators' exhibition verbs. */
export interface TFairs {
  listAll(): Promise<(TExhibitionDoc & { request_count: number })[]>;
  create(actor: TAuth, input: TExhibitionInput): Promise<TExhibitionDoc>;
  edit(actor: TAuth, exhibitionId: string, input: TExhibitionInput): Promise<TExhibitionDoc>;
  publish(actor: TAuth, exhibitionId: string, published: boolean): Promise<TExhibitionDoc>;
}

function exhibitionValues(input: TExhibitionInput) {
  return {
    name: input.name,
    description: input.description,
    opensAt: new Date(input.opens_at),
    closesAt: new Date(input.closes_at),
    categories: input.categories,
    aisles: input.layout.aisles,
    slotsPerAisle: input.layout.slots_per_aisle,
    themeColor: input.theme_color,
  };
}

/** Creates the operators' exhibition verbs. */
export function createFairs(
  deps: Pick<TExhibitionDeps, "db" | "audit" | "now">,
  documents: TExhibitionDocs,
): TFairs {
  const { db, now } = deps;

  return {
    async listAll() {
      const rows = await listExhibitions(db, false);
      const counts = await boothCounts(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) => ({
        ...toExhibitionDoc(row, counts.get(row.id)?.active ?? 0, now()),
        request_count: counts.get(row.id)?.requested ?? 0,
      }));
    },

    async create(actor, input) {
      const at = now();
      const row = await insertExhibition(db, {
        id: newId("exhibition"),
        ...exhibitionValues(input),
        published: false,
        createdBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      });
      const doc = await documents.exhibitionDoc(row);
      await auditAction(
        deps,
        actor,
        "exhibition.create",
        { type: "exhibition", id: doc.exhibition_id },
        null,
        doc,
      );
      return doc;
    },

    async edit(actor, exhibitionId, input) {
      const row = await anyExhibition(db, exhibitionId);
      const before = await documents.exhibitionDoc(row);
      if ((await boothsOutside(db, row.id, input.layout.aisles, input.layout.slots_per_aisle)) > 0) {
        throw new AppError("hallLayoutInUse");
      }
      const updated = await updateExhibition(db, row.id, { ...exhibitionValues(input), updatedAt: now() });
      if (!updated) throw new AppError("notFound");
      const after = await documents.exhibitionDoc(updated);
      await auditAction(
        deps,
        actor,
        "exhibition.update",
        { type: "exhibition", id: after.exhibition_id },
        before,
        after,
      );
      return after;
    },

    async publish(actor, exhibitionId, published) {
      const row = await anyExhibition(db, exhibitionId);
      const updated = await updateExhibition(db, row.id, { published, updatedAt: now() });
      if (!updated) throw new AppError("notFound");
      const doc = await documents.exhibitionDoc(updated);
      await auditAction(
        deps,
        actor,
        published ? "exhibition.publish" : "exhibition.unpublish",
        { type: "exhibition", id: doc.exhibition_id },
        { published: !published },
        { published: doc.published },
      );
      return doc;
    },
  };
}
