/**
 * Operators placing booths in a hall: an exhibition's booths (requested ones too) with its
 * slots, assigning a booth to a free slot, freeing one and removing a booth. Each change writes
 * its audit row.
 */
import { AppError, type TBoothCard, type TSlotPlace } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TExhibitionDeps } from "./deps";
import { anyBooth, anyExhibition, auditAction } from "./deps";
import type { TExhibitionDocs } from "./docs";
import type { THall } from "./hall";
import { insideLayout, slotDocs, toExhibitionDoc } from "./mapper";
import { boothsOfExhibition, deleteBooth, isUniqueViolation, type TBoothRow, updateBooth } from "./queries";

/** The operators' booth verbs. */
export interface TPlacement {
  adminBooths(exhibitionId: string): Promise<THall>;
  /** Places a booth in a free slot; answers its card after. */
  assign(actor: TAuth, boothId: string, slot: TSlotPlace): Promise<TBoothCard>;
  /** Takes a booth out of its slot (back to requested); answers its card after. */
  free(actor: TAuth, boothId: string): Promise<TBoothCard>;
  /** Deletes a booth; answers its card before. */
  adminRemove(actor: TAuth, boothId: string): Promise<TBoothCard>;
}

/** Creates the operators' booth verbs. */
export function createPlacement(
  deps: Pick<TExhibitionDeps, "db" | "audit" | "now">,
  documents: TExhibitionDocs,
): TPlacement {
  const { db, now } = deps;

  /** Moves a booth into a free slot; `slotTaken` when a booth stands there (also when two race). */
  async function placeBooth(row: TBoothRow, slot: TSlotPlace): Promise<TBoothRow> {
    const exhibition = await anyExhibition(db, row.exhibitionId);
    if (!insideLayout(exhibition, slot)) throw new AppError("slotTaken");
    try {
      const updated = await updateBooth(db, row.id, {
        status: "active",
        aisle: slot.aisle,
        slotIndex: slot.index,
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("slotTaken");
      throw error;
    }
  }

  return {
    async adminBooths(exhibitionId) {
      const row = await anyExhibition(db, exhibitionId);
      const booths = await boothsOfExhibition(db, row.id, false);
      const active = booths.filter((b) => b.status === "active").length;
      return {
        doc: toExhibitionDoc(row, active, now()),
        slots: slotDocs(row, booths),
        booths: await documents.cards(booths, "en"),
      };
    },

    async assign(actor, boothId, slot) {
      const row = await anyBooth(db, boothId);
      const before = await documents.cardOf(row);
      const after = await documents.cardOf(await placeBooth(row, slot));
      await auditAction(
        deps,
        actor,
        "booth.assign",
        { type: "booth", id: after.booth_id },
        { slot: before.slot },
        { slot: after.slot },
      );
      return after;
    },

    async free(actor, boothId) {
      const row = await anyBooth(db, boothId);
      const before = await documents.cardOf(row);
      const updated = await updateBooth(db, row.id, {
        status: "requested",
        aisle: null,
        slotIndex: null,
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      const after = await documents.cardOf(updated);
      await auditAction(
        deps,
        actor,
        "booth.free",
        { type: "booth", id: after.booth_id },
        { slot: before.slot },
        { slot: null },
      );
      return after;
    },

    async adminRemove(actor, boothId) {
      const row = await anyBooth(db, boothId);
      const before = await documents.cardOf(row);
      if (!(await deleteBooth(db, row.id))) throw new AppError("notFound");
      await auditAction(deps, actor, "booth.remove", { type: "booth", id: before.booth_id }, before, null);
      return before;
    },
  };
}
