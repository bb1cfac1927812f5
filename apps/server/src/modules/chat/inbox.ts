/**
 * The operators' side of the support chat: the inbox, one conversation, answers (stored,
 * delivered, and mailed when the owner is away), read marks and assignment (audited).
 */
import {
  AppError,
  CHAT_INBOX_PAGE_SIZE,
  CHAT_PAGE_SIZE,
  type chatAssignCall,
  type chatConversationCall,
  type chatInboxCall,
  type chatOperatorReadCall,
  type chatReplyCall,
  type TCallOutput,
  type TChatInboxFilter,
} from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TChatDeps } from "./deps";
import { inboxDoc, messageDoc } from "./docs";
import type { TChatLive } from "./live";
import { answerMail } from "./mails";
import * as q from "./queries";

/** The operators' verbs. */
export interface TOperatorInbox {
  /** The operators' inbox. */
  inbox(auth: TAuth, filter: TChatInboxFilter, page: number): Promise<TCallOutput<typeof chatInboxCall>>;
  /** One conversation for an operator. */
  conversation(id: string, beforeId: number | undefined): Promise<TCallOutput<typeof chatConversationCall>>;
  /** An operator's answer: stored, delivered, and mailed when the owner is away. */
  reply(auth: TAuth, id: string, text: string): Promise<TCallOutput<typeof chatReplyCall>>;
  /** Operators have read up to `lastId`. */
  operatorRead(id: string, lastId: number): Promise<TCallOutput<typeof chatOperatorReadCall>>;
  /** Assigns a conversation to an operator (or nobody). */
  assign(auth: TAuth, id: string, assignee: string | null): Promise<TCallOutput<typeof chatAssignCall>>;
}

/** Creates the operators' verbs. */
export function createOperatorInbox(
  deps: Pick<TChatDeps, "db" | "accounts" | "audit" | "mail" | "publicUrl" | "logger" | "now">,
  live: TChatLive,
): TOperatorInbox {
  const { db } = deps;

  async function conversationOrNotFound(id: string): Promise<q.TConversationRow> {
    const row = await q.findConversation(db, id);
    if (!row) throw new AppError("notFound");
    return row;
  }

  return {
    async inbox(auth, filter, page) {
      const me = (await deps.accounts.userInfo(auth.userId)).email_id;
      const { rows, total } = await q.inboxPage(db, filter, me, page, CHAT_INBOX_PAGE_SIZE);
      const last = await q.lastMessages(
        db,
        rows.map((r) => r.id),
      );
      return {
        docs: rows.map((row) => inboxDoc(row, row.unread, last.get(row.id))),
        total,
        page_size: CHAT_INBOX_PAGE_SIZE,
        unread_total: await q.unreadTotal(db),
        operators: await deps.accounts.supers.listEmailIds(),
        me,
      };
    },

    async conversation(id, beforeId) {
      const row = await conversationOrNotFound(id);
      const page = await q.messagePage(db, row.id, beforeId, CHAT_PAGE_SIZE);
      const unread = await q.countAfter(db, row.id, "owner", row.operatorReadId);
      const last = page.rows.at(-1);
      return {
        doc: inboxDoc(row, unread, beforeId ? (await q.lastMessages(db, [row.id])).get(row.id) : last),
        docs: page.rows.map((m) => messageDoc(m, row.ownerId)),
        has_more: page.hasMore,
      };
    },

    async reply(auth, id, text) {
      const row = await conversationOrNotFound(id);
      const { message, conversation } = await q.insertMessage(
        db,
        {
          conversationId: row.id,
          sender: "operator",
          senderId: auth.userId,
          body: text,
          createdAt: deps.now(),
        },
        // Whoever answers has read what came before.
        (messageId) => ({ operatorReadId: messageId }),
      );
      const doc = messageDoc(message, row.ownerId);
      live.deliver(doc);
      live.announceRead(conversation, "operator");
      const shouldMail = row.awaitingOffline || !(await live.ownerOnline(row.ownerId));
      if (!shouldMail) return { doc, mailed: false };
      try {
        const owner = await deps.accounts.userInfo(row.ownerId);
        await deps.mail.send(
          answerMail(owner.email, owner.language, text, `${deps.publicUrl}/Studio/user?chat=open`),
        );
        await q.clearAwaitingOffline(db, row.id);
        return { doc, mailed: true };
      } catch (error) {
        deps.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "chat: answer mail failed",
        );
        return { doc, mailed: false };
      }
    },

    async operatorRead(id, lastId) {
      const existing = await conversationOrNotFound(id);
      const row = await q.markRead(db, id, "operator", lastId);
      if (!row) throw new AppError("notFound");
      if (row.operatorReadId !== existing.operatorReadId) live.announceRead(row, "operator");
      return { unread: await q.countAfter(db, id, "owner", row.operatorReadId) };
    },

    async assign(auth, id, assignee) {
      const before = await conversationOrNotFound(id);
      let value: string | null = null;
      if (assignee !== null) {
        const operators = await deps.accounts.supers.listEmailIds();
        value = operators.find((op) => op.toLowerCase() === assignee.toLowerCase()) ?? null;
        if (!value) throw new AppError("chatNotOperator");
      }
      const row = await db.transaction(async (tx) => {
        const updated = await q.setAssignee(tx, id, value);
        if (!updated) throw new AppError("notFound");
        await deps.audit.audit(
          {
            actorId: auth.userId,
            action: "chat.assign",
            targetType: "chat_conversation",
            targetId: id,
            before: { assignee: before.assignee },
            after: { assignee: value },
          },
          tx,
        );
        return updated;
      });
      const unread = await q.countAfter(db, id, "owner", row.operatorReadId);
      return { doc: inboxDoc(row, unread, (await q.lastMessages(db, [id])).get(id)) };
    },
  };
}
