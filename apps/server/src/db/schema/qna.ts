/**
 * Q&A board tables (issue 15): questions and notices, and their answers. Texts are plain text.
 * Only modules/qna reads or writes them.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A question (an owner's) or a notice (an operator's). */
export const qnaPosts = pgTable(
  "qna_posts",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    authorId: text("author_id").notNull(),
    /** The author's e-mail ID shortened for the board (`abc***`), kept so listing needs no join. */
    authorName: text("author_name").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    images: jsonb("images").$type<string[]>().notNull(),
    isPrivate: boolean("is_private").notNull().default(false),
    isPinned: boolean("is_pinned").notNull().default(false),
    isHidden: boolean("is_hidden").notNull().default(false),
    status: text("status").notNull().default("waiting"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("qna_posts_kind_check", sql`${t.kind} in ('question', 'notice')`),
    check("qna_posts_status_check", sql`${t.status} in ('waiting', 'answered')`),
    index("qna_posts_created_idx").on(t.createdAt),
    index("qna_posts_author_idx").on(t.authorId),
  ],
);

/** An operator's answer to a question. */
export const qnaAnswers = pgTable(
  "qna_answers",
  {
    id: text("id").primaryKey(),
    qnaId: text("qna_id").notNull(),
    authorId: text("author_id").notNull(),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("qna_answers_qna_idx").on(t.qnaId, t.createdAt)],
);
