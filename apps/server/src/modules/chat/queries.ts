/** Queries of the chat tables. Only modules/chat calls them. */
import type { TChatInboxFilter } from "@vitrine/contract";
import { and, asc, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { chatCannedReplies, chatConversations, chatMessages } from "../../db/schema/chat";
import type { TDrizzle } from "../../platform/types";

/** A conversation row. */
export type TConversationRow = typeof chatConversations.$inferSelect;
/** A message row. */
export type TMessageRow = typeof chatMessages.$inferSelect;
/** A canned-reply row. */
export type TCannedRow = typeof chatCannedReplies.$inferSelect;

/** The owner's conversation. */
export async function conversationOfOwner(
  db: TDrizzle,
  ownerId: string,
): Promise<TConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.ownerId, ownerId))
    .limit(1);
  return row;
}

/** A conversation by id. */
export async function findConversation(db: TDrizzle, id: string): Promise<TConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  return row;
}

/** Creates the owner's conversation unless it exists (two first messages at once make one). */
export async function ensureConversation(
  db: TDrizzle,
  row: { id: string; ownerId: string; ownerEmailId: string },
): Promise<TConversationRow> {
  await db.insert(chatConversations).values(row).onConflictDoNothing({ target: chatConversations.ownerId });
  const found = await conversationOfOwner(db, row.ownerId);
  if (!found) throw new Error("chat conversation not created");
  return found;
}

/** Stores a message and moves the conversation's activity time (and read marks) in one transaction. */
export async function insertMessage(
  db: TDrizzle,
  message: {
    conversationId: string;
    sender: "owner" | "operator";
    senderId: string;
    body: string;
    createdAt: Date;
  },
  set: (id: number) => Partial<typeof chatConversations.$inferInsert>,
): Promise<{ message: TMessageRow; conversation: TConversationRow }> {
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(chatMessages).values(message).returning();
    if (!stored) throw new Error("chat message not stored");
    const [conversation] = await tx
      .update(chatConversations)
      .set({ updatedAt: message.createdAt, ...set(stored.id) })
      .where(eq(chatConversations.id, message.conversationId))
      .returning();
    if (!conversation) throw new Error("chat conversation gone");
    return { message: stored, conversation };
  });
}

/** A page of a conversation's messages before `beforeId` (newest page without it), oldest first. */
export async function messagePage(
  db: TDrizzle,
  conversationId: string,
  beforeId: number | undefined,
  size: number,
): Promise<{ rows: TMessageRow[]; hasMore: boolean }> {
  const where = beforeId
    ? and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.id, beforeId))
    : eq(chatMessages.conversationId, conversationId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(where)
    .orderBy(desc(chatMessages.id))
    .limit(size + 1);
  return { rows: rows.slice(0, size).reverse(), hasMore: rows.length > size };
}

/** Messages of `sender` after `afterId` in a conversation. */
export async function countAfter(
  db: TDrizzle,
  conversationId: string,
  sender: "owner" | "operator",
  afterId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.sender, sender),
        gt(chatMessages.id, afterId),
      ),
    );
  return row?.n ?? 0;
}

/** Moves a read mark forward (never back) to `lastId`, capped at the conversation's newest message. */
export async function markRead(
  db: TDrizzle,
  conversationId: string,
  reader: "owner" | "operator",
  lastId: number,
): Promise<TConversationRow | undefined> {
  const column = reader === "owner" ? chatConversations.ownerReadId : chatConversations.operatorReadId;
  const newest = sql`(select coalesce(max(id), 0) from chat_messages where conversation_id = ${conversationId})`;
  const [row] = await db
    .update(chatConversations)
    .set(
      reader === "owner"
        ? { ownerReadId: sql`greatest(${column}, least(${lastId}, ${newest}))` }
        : { operatorReadId: sql`greatest(${column}, least(${lastId}, ${newest}))` },
    )
    .where(eq(chatConversations.id, conversationId))
    .returning();
  return row;
}

/** Unread owner messages of the conversation row (SQL over the outer row). */
const unreadOfRow = sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = "chat_conversations"."id" and m.sender = 'owner' and m.id > "chat_conversations"."operator_read_id")`;

function inboxWhere(filter: TChatInboxFilter, me: string): SQL | undefined {
  switch (filter) {
    case "unread":
      return sql`${unreadOfRow} > 0`;
    case "mine":
      return eq(chatConversations.assignee, me);
    case "unassigned":
      return isNull(chatConversations.assignee);
    default:
      return undefined;
  }
}

/** A page of the inbox, newest activity first, with each conversation's unread count. */
export async function inboxPage(
  db: TDrizzle,
  filter: TChatInboxFilter,
  me: string,
  page: number,
  size: number,
): Promise<{ rows: Array<TConversationRow & { unread: number }>; total: number }> {
  const where = inboxWhere(filter, me);
  const rows = await db
    .select({ conversation: chatConversations, unread: unreadOfRow })
    .from(chatConversations)
    .where(where)
    .orderBy(desc(chatConversations.updatedAt), asc(chatConversations.id))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(chatConversations).where(where);
  return { rows: rows.map((r) => ({ ...r.conversation, unread: r.unread })), total: count?.n ?? 0 };
}

/** Unread owner messages over every conversation. */
export async function unreadTotal(db: TDrizzle): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.sender, "owner"), gt(chatMessages.id, chatConversations.operatorReadId)));
  return row?.n ?? 0;
}

/** The newest message of each conversation. */
export async function lastMessages(
  db: TDrizzle,
  conversationIds: string[],
): Promise<Map<string, TMessageRow>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([chatMessages.conversationId])
    .from(chatMessages)
    .where(inArray(chatMessages.conversationId, conversationIds))
    .orderBy(chatMessages.conversationId, desc(chatMessages.id));
  return new Map(rows.map((row) => [row.conversationId, row]));
}

/** Sets the assignee. */
export async function setAssignee(
  db: TDrizzle,
  id: string,
  assignee: string | null,
): Promise<TConversationRow | undefined> {
  const [row] = await db
    .update(chatConversations)
    .set({ assignee })
    .where(eq(chatConversations.id, id))
    .returning();
  return row;
}

/** Clears the offline flag (the answer was mailed). */
export async function clearAwaitingOffline(db: TDrizzle, id: string): Promise<void> {
  await db.update(chatConversations).set({ awaitingOffline: false }).where(eq(chatConversations.id, id));
}

/** The canned replies, by title. */
export async function cannedList(db: TDrizzle): Promise<TCannedRow[]> {
  return db.select().from(chatCannedReplies).orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));
}

/** How many canned replies exist. */
export async function cannedCount(db: TDrizzle): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(chatCannedReplies);
  return row?.n ?? 0;
}

/** Inserts a canned reply. */
export async function insertCanned(
  db: TDrizzle,
  row: typeof chatCannedReplies.$inferInsert,
): Promise<TCannedRow> {
  const [created] = await db.insert(chatCannedReplies).values(row).returning();
  if (!created) throw new Error("canned reply not stored");
  return created;
}

/** Updates a canned reply; undefined when it does not exist. */
export async function updateCanned(
  db: TDrizzle,
  id: string,
  set: { title: string; body: string; updatedAt: Date },
): Promise<TCannedRow | undefined> {
  const [row] = await db.update(chatCannedReplies).set(set).where(eq(chatCannedReplies.id, id)).returning();
  return row;
}

/** Deletes a canned reply; false when it did not exist. */
export async function deleteCanned(db: TDrizzle, id: string): Promise<boolean> {
  const rows = await db
    .delete(chatCannedReplies)
    .where(eq(chatCannedReplies.id, id))
    .returning({ id: chatCannedReplies.id });
  return rows.length > 0;
}

/** Removes an owner's conversation (and its messages) and their assignments as an operator. */
export async function removeAccount(db: TDrizzle, ownerId: string, emailId: string): Promise<void> {
  await db.delete(chatConversations).where(eq(chatConversations.ownerId, ownerId));
  await db.update(chatConversations).set({ assignee: null }).where(eq(chatConversations.assignee, emailId));
}
