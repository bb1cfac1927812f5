/**
 * The support chat's verbs. An owner's messages come from the socket (`sendMessage`, the token's
 * user only); operators (super accounts) answer through calls. Every message is stored first and
 * then delivered to the owner's sockets and the operators' room on every instance (the Redis
 * adapter), so each message exists once whichever instance took it.
 */
import {
  AppError,
  CHAT_CANNED_MAX,
  CHAT_EVENTS,
  CHAT_INBOX_PAGE_SIZE,
  CHAT_PAGE_SIZE,
  CODES,
  newId,
  REALTIME_EVENTS,
  type TChatCannedDoc,
  type TChatInboxDoc,
  type TChatInboxFilter,
  type TChatMessageDoc,
  type TChatReadMark,
  type TChatStatus,
  type TChatTyping,
  type TRealtimeAck,
  ZChatConversationId,
} from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TAuditService } from "../../platform/audit";
import type { TSocketIdentity } from "../../platform/realtime/guard";
import type { TRealtime } from "../../platform/realtime/index";
import { userRoom } from "../../platform/realtime/index";
import type { TAuth, TDrizzle, TMailer, TRateLimiter } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import { answerMail } from "./mails";
import * as q from "./queries";

/** Room of the operators' sockets (super accounts). */
export const OPERATORS_ROOM = "chat:operators";
/** Room of every chat socket (operator presence goes to all). */
const EVERYONE_ROOM = "chat:everyone";

/** Rate-limit bucket of an owner's messages, over all their sockets and instances. */
export const CHAT_SEND_BUCKET = "chat-send-user";

/** What the chat service needs. */
export interface TChatDeps {
  db: TDrizzle;
  accounts: Pick<TAccountsService, "userInfo" | "supers">;
  audit: TAuditService;
  mail: TMailer;
  rateLimits: TRateLimiter;
  publicUrl: string;
  logger: FastifyBaseLogger;
  now: () => Date;
}

function messageDoc(row: q.TMessageRow, ownerId: string): TChatMessageDoc {
  return {
    userid: ownerId,
    message: row.body,
    id: row.id,
    conversation_id: row.conversationId,
    sender: row.sender,
    created_at: row.createdAt.toISOString(),
  };
}

function inboxDoc(row: q.TConversationRow, unread: number, last: q.TMessageRow | undefined): TChatInboxDoc {
  return {
    id: row.id,
    owner_id: row.ownerId,
    owner_email_id: row.ownerEmailId,
    assignee: row.assignee,
    unread,
    owner_read_id: row.ownerReadId,
    last_message: last
      ? { message: last.body, sender: last.sender, created_at: last.createdAt.toISOString() }
      : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

function cannedDoc(row: q.TCannedRow): TChatCannedDoc {
  return { id: row.id, title: row.title, message: row.body, updated_at: row.updatedAt.toISOString() };
}

/** The chat service. */
export type TChatService = ReturnType<typeof createChatService>;

/** Creates the chat service; `attach` binds it to the socket. */
export function createChatService(deps: TChatDeps) {
  const { db } = deps;
  let realtime: TRealtime | undefined;

  const operatorsOnline = async () => (realtime ? (await realtime.count(OPERATORS_ROOM)) > 0 : false);
  const ownerOnline = async (ownerId: string) =>
    realtime ? (await realtime.count(userRoom(ownerId))) > 0 : false;

  /** Delivers a stored message to its owner's sockets and to the operators. */
  function deliver(doc: TChatMessageDoc): void {
    realtime?.emit(userRoom(doc.userid), REALTIME_EVENTS.receiveMessage, doc);
    realtime?.emit(OPERATORS_ROOM, REALTIME_EVENTS.receiveMessage, doc);
  }

  function announceRead(conversation: q.TConversationRow, reader: "owner" | "operator"): void {
    const mark: TChatReadMark = {
      conversation_id: conversation.id,
      reader,
      last_read_id: reader === "owner" ? conversation.ownerReadId : conversation.operatorReadId,
    };
    realtime?.emit(userRoom(conversation.ownerId), CHAT_EVENTS.read, mark);
    realtime?.emit(OPERATORS_ROOM, CHAT_EVENTS.read, mark);
  }

  async function conversationOrNotFound(id: string): Promise<q.TConversationRow> {
    const row = await q.findConversation(db, id);
    if (!row) throw new AppError("notFound");
    return row;
  }

  /** An owner's message (from the socket): counted per user, stored, delivered. */
  async function ownerSend(ownerId: string, text: string): Promise<TChatMessageDoc> {
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
    const isOffline = !(await operatorsOnline());
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
    deliver(doc);
    return doc;
  }

  return {
    /** Binds the service to the socket: rooms, presence, `sendMessage` and `typing`. */
    attach(rt: TRealtime): void {
      realtime = rt;
      const status = async (): Promise<TChatStatus> => ({ operators_online: await operatorsOnline() });
      rt.use({
        connection(socket, identity) {
          socket.join(EVERYONE_ROOM);
          if (identity.isSuper) {
            socket.join(OPERATORS_ROOM);
            rt.emit(EVERYONE_ROOM, CHAT_EVENTS.status, { operators_online: true } satisfies TChatStatus);
          } else {
            void status().then(
              (s) => socket.emit(CHAT_EVENTS.status, s),
              () => undefined,
            );
          }
        },
        disconnect(_socket, identity) {
          if (!identity.isSuper) return;
          void status().then(
            (s) => {
              if (!s.operators_online) rt.emit(EVERYONE_ROOM, CHAT_EVENTS.status, s);
            },
            () => undefined,
          );
        },
        async message(identity, message) {
          try {
            return { ok: true, doc: await ownerSend(identity.userId, message.message) };
          } catch (error) {
            if (error instanceof AppError && error.code === "chatTooFast") {
              const wait = error.data?.retryAfterSeconds;
              return {
                ok: false,
                message: CODES.chatTooFast.message,
                retryAfterSeconds: typeof wait === "number" ? wait : 1,
              };
            }
            throw error;
          }
        },
        events: {
          [CHAT_EVENTS.typing]: async (identity, payload) => typing(identity, payload),
        },
      });
    },

    ownerSend,

    /** The owner's conversation: a page of messages, unread count, presence. */
    async history(ownerId: string, beforeId: number | undefined) {
      const conversation = await q.conversationOfOwner(db, ownerId);
      const online = await operatorsOnline();
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

    /** Unread answers of the owner and presence. */
    async unread(ownerId: string) {
      const conversation = await q.conversationOfOwner(db, ownerId);
      const unread = conversation
        ? await q.countAfter(db, conversation.id, "operator", conversation.ownerReadId)
        : 0;
      return { unread, operators_online: await operatorsOnline() };
    },

    /** The owner has read up to `lastId`. */
    async ownerRead(ownerId: string, lastId: number) {
      const existing = await q.conversationOfOwner(db, ownerId);
      if (!existing) return { unread: 0 };
      const row = await q.markRead(db, existing.id, "owner", lastId);
      if (!row) return { unread: 0 };
      if (row.ownerReadId !== existing.ownerReadId) announceRead(row, "owner");
      return { unread: await q.countAfter(db, row.id, "operator", row.ownerReadId) };
    },

    /** The operators' inbox. */
    async inbox(auth: TAuth, filter: TChatInboxFilter, page: number) {
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

    /** One conversation for an operator. */
    async conversation(id: string, beforeId: number | undefined) {
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

    /** An operator's answer: stored, delivered, and mailed when the owner is away. */
    async reply(auth: TAuth, id: string, text: string) {
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
      deliver(doc);
      announceRead(conversation, "operator");
      const shouldMail = row.awaitingOffline || !(await ownerOnline(row.ownerId));
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

    /** Operators have read up to `lastId`. */
    async operatorRead(id: string, lastId: number) {
      const existing = await conversationOrNotFound(id);
      const row = await q.markRead(db, id, "operator", lastId);
      if (!row) throw new AppError("notFound");
      if (row.operatorReadId !== existing.operatorReadId) announceRead(row, "operator");
      return { unread: await q.countAfter(db, id, "owner", row.operatorReadId) };
    },

    /** Assigns a conversation to an operator (or nobody). */
    async assign(auth: TAuth, id: string, assignee: string | null) {
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

    async cannedList() {
      return { docs: (await q.cannedList(db)).map(cannedDoc) };
    },

    async cannedSave(auth: TAuth, input: { canned_id?: string; title: string; message: string }) {
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

    async cannedDelete(auth: TAuth, id: string) {
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

    /** Deletes what an account leaves behind. */
    removeAccount: (userId: string, emailId: string) => q.removeAccount(db, userId, emailId),
  };

  /** `typing`: an owner tells the operators; an operator (with `conversation_id`) tells that owner. */
  async function typing(identity: TSocketIdentity, payload: unknown): Promise<TRealtimeAck> {
    const conversationId =
      typeof payload === "object" && payload !== null
        ? (payload as { conversation_id?: unknown }).conversation_id
        : undefined;
    if (conversationId !== undefined) {
      if (!identity.isSuper) return { ok: false, message: "Only operators type into other conversations." };
      const parsed = ZChatConversationId.safeParse(conversationId);
      if (!parsed.success) return { ok: false, message: "Invalid conversation." };
      const row = await q.findConversation(db, parsed.data);
      if (!row) return { ok: false, message: "Invalid conversation." };
      const notice: TChatTyping = { conversation_id: row.id, userid: row.ownerId, sender: "operator" };
      realtime?.emit(userRoom(row.ownerId), CHAT_EVENTS.typing, notice);
      realtime?.emit(OPERATORS_ROOM, CHAT_EVENTS.typing, notice);
      return { ok: true };
    }
    const row = await q.conversationOfOwner(db, identity.userId);
    if (!row) return { ok: true };
    const notice: TChatTyping = { conversation_id: row.id, userid: row.ownerId, sender: "owner" };
    realtime?.emit(OPERATORS_ROOM, CHAT_EVENTS.typing, notice);
    return { ok: true };
  }
}
