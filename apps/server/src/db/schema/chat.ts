/**
 * Support chat tables (issue 15): one conversation per owner with the operators, its messages
 * (ordered by their identity id, which read marks point at), and the operators' canned replies.
 * Only modules/chat reads or writes them.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An owner's conversation with the operators. */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    /** The owner's e-mail ID when the conversation started (the inbox shows it). */
    ownerEmailId: text("owner_email_id").notNull(),
    /** The operator's e-mail ID it is assigned to. */
    assignee: text("assignee"),
    /** The last message the owner has read. */
    ownerReadId: bigint("owner_read_id", { mode: "number" }).notNull().default(0),
    /** The last message any operator has read. */
    operatorReadId: bigint("operator_read_id", { mode: "number" }).notNull().default(0),
    /** The owner wrote while no operator was online: the next answer is also e-mailed. */
    awaitingOffline: boolean("awaiting_offline").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
    /** Time of the last message. */
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_conversations_owner_idx").on(t.ownerId),
    index("chat_conversations_updated_idx").on(t.updatedAt),
  ],
);

/** A message of a conversation. */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: ["owner", "operator"] }).notNull(),
    senderId: text("sender_id").notNull(),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
    check("chat_messages_sender_check", sql`${t.sender} in ('owner', 'operator')`),
  ],
);

/** An answer operators reuse. */
export const chatCannedReplies = pgTable("chat_canned_replies", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
