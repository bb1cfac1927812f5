/**
 * The owner's side of the support chat: sending (from the socket, counted per user over all
 * their sockets and instances), the conversation's history, unread answers and read marks.
 */
import {
  AppError,
  CHAT_PAGE_SIZE,
  type chatHistoryCall,
  type chatReadCall,
  type chatUnreadCall,
  newId,
  type TCallOutput,
  type TChatMessageDoc,
} from "@vitrine/contract";
import type { TChatDeps } from "./deps";
import { messageDoc } from "./docs";
import type { TChatLive } from "./live";
import * as q from "./queries";

/** Rate-limit bucket of an owner's messages, over all their sockets and instances. */
export const CHAT_SEND_BUCKET = "chat-send-user";

/** The owner's verbs. */
export interface TOwnerChat {
  /** An owner's message (from the socket): counted per user, stored, delivered. */
  ownerSend(ownerId: string, text: string): Promise<TChatMessageDoc>;
  /** The owner's conversation: a page of messages, unread count, presence. */
  history(ownerId: string, beforeId: number | undefined): Promise<TCallOutput<typeof chatHistoryCall>>;
  /** Unread answers of the owner and presence. */
  unread(ownerId: string): Promise<TCallOutput<typeof chatUnreadCall>>;
  /** The owner has read up to `lastId`. */
  ownerRead(ownerId: string, lastId: number): Promise<TCallOutput<typeof chatReadCall>>;
}

/** Creates the owner's verbs. */
export function createOwnerChat(
  deps: Pick<TChatDeps, "db" | "accounts" | "rateLimits" | "now">,
  live: TChatLive,
): TOwnerChat {
  const { db } = deps;

  return {
    async ownerSend(ownerId, text) {
      try {
        await deps.rateLimits.consume(CHAT_SEND_BUCKET, ownerId);
      } catch (error) {
        if (error instanceof AppError && error.code === "rateLimited")
          throw new AppError("chatTooFast", { data: error.data });
        throw error;
      }
      let conversation = await q.conversationOfOwner(db, ownerId);
      if (!conversation) {
        const info = await deps.accounts.userInfo(ownerId);
        conversation = await q.ensureConversation(db, {
          id: newId("chat"),
          ownerId,
          ownerEmailId: info.email_id,
        });
      }
      const isOffline = !(await live.operatorsOnline());
      const { message } = await q.insertMessage(
        db,
        {
          conversationId: conversation.id,
          sender: "owner",
          senderId: ownerId,
          body: text,
          createdAt: deps.now(),
        },
        // The owner has read what they wrote; with nobody online the answer will also be mailed.
        (id) => ({ ownerReadId: id, ...(isOffline ? { awaitingOffline: true } : {}) }),
      );
      const doc = messageDoc(message, ownerId);
      live.deliver(doc);
      return doc;
    },

    async history(ownerId, beforeId) {
      const conversation = await q.conversationOfOwner(db, ownerId);
      const online = await live.operatorsOnline();
      if (!conversation) return { conversation: null, docs: [], has_more: false, operators_online: online };
      const page = await q.messagePage(db, conversation.id, beforeId, CHAT_PAGE_SIZE);
      return {
        conversation: {
          id: conversation.id,
          unread: await q.countAfter(db, conversation.id, "operator", conversation.ownerReadId),
          operator_read_id: conversation.operatorReadId,
        },
        docs: page.rows.map((row) => messageDoc(row, ownerId)),
        has_more: page.hasMore,
        operators_online: online,
      };
    },

    async unread(ownerId) {
      const conversation = await q.conversationOfOwner(db, ownerId);
      const unread = conversation
        ? await q.countAfter(db, conversation.id, "operator", conversation.ownerReadId)
        : 0;
      return { unread, operators_online: await live.operatorsOnline() };
    },

    async ownerRead(ownerId, lastId) {
      const existing = await q.conversationOfOwner(db, ownerId);
      if (!existing) return { unread: 0 };
      const row = await q.markRead(db, existing.id, "owner", lastId);
      if (!row) return { unread: 0 };
      if (row.ownerReadId !== existing.ownerReadId) live.announceRead(row, "owner");
      return { unread: await q.countAfter(db, row.id, "operator", row.ownerReadId) };
    },
  };
}
