/** Operators' canned replies: listed, saved (at most CHAT_CANNED_MAX) and deleted (audited). */
import {
  AppError,
  CHAT_CANNED_MAX,
  type chatCannedDeleteCall,
  type chatCannedListCall,
  type chatCannedSaveCall,
  newId,
  type TCallOutput,
} from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TChatDeps } from "./deps";
import { cannedDoc } from "./docs";
import * as q from "./queries";

/** The canned replies' verbs. */
export interface TCannedReplies {
  cannedList(): Promise<TCallOutput<typeof chatCannedListCall>>;
  cannedSave(
    auth: TAuth,
    input: { canned_id?: string; title: string; message: string },
  ): Promise<TCallOutput<typeof chatCannedSaveCall>>;
  cannedDelete(auth: TAuth, id: string): Promise<TCallOutput<typeof chatCannedDeleteCall>>;
}

/** Creates the canned replies' verbs. */
export function createCannedReplies(deps: Pick<TChatDeps, "db" | "audit" | "now">): TCannedReplies {
  const { db } = deps;

  return {
    async cannedList() {
      return { docs: (await q.cannedList(db)).map(cannedDoc) };
    },

    async cannedSave(auth, input) {
      const at = deps.now();
      if (input.canned_id) {
        const row = await q.updateCanned(db, input.canned_id, {
          title: input.title,
          body: input.message,
          updatedAt: at,
        });
        if (!row) throw new AppError("notFound");
        return { doc: cannedDoc(row) };
      }
      if ((await q.cannedCount(db)) >= CHAT_CANNED_MAX) throw new AppError("chatCannedLimit");
      const row = await q.insertCanned(db, {
        id: newId("canned"),
        title: input.title,
        body: input.message,
        createdBy: auth.userId,
        createdAt: at,
        updatedAt: at,
      });
      return { doc: cannedDoc(row) };
    },

    async cannedDelete(auth, id) {
      await db.transaction(async (tx) => {
        if (!(await q.deleteCanned(tx, id))) throw new AppError("notFound");
        await deps.audit.audit(
          {
            actorId: auth.userId,
            action: "chat.canned_delete",
            targetType: "chat_canned_reply",
            targetId: id,
            before: null,
            after: null,
          },
          tx,
        );
      });
      return { deleted: true as const };
    },
  };
}
