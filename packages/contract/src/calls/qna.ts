/**
 * The Q&A board (issue 15; SPEC §1 Q&A board, §2 `/qnalist`, `/qnanewlist`, `/qnacontentdetails`,
 * `/qnawrite`). Owners ask (public or private); operators answer, post and pin notices and hide
 * abuse. Texts are stored as plain text, never markup. A private question is seen by its asker
 * and the operators only; to others it is listed without its title.
 */
import { z } from "zod";
import { defineCall } from "../call";
import { ZBlobUrl } from "./content-schemas";

/** Question categories. */
export const QNA_CATEGORIES = [
  "general",
  "account",
  "billing",
  "studio",
  "viewer",
  "production",
  "other",
] as const;
export type TQnaCategory = (typeof QNA_CATEGORIES)[number];
/** Longest texts. */
export const QNA_TEXT_MAX = { title: 120, body: 5000, answer: 5000, q: 100 } as const;
/** Most images of a question. */
export const QNA_IMAGES_MAX = 3;
/** Posts per page of the list. */
export const QNA_PAGE_SIZE = 20;

const ZQnaId = z.string().regex(/^qna_[0-9a-f-]{36}$/, { message: "Invalid id." });
/** Plain text: trimmed; control characters other than line breaks and tabs removed. */
const plain = (max: number, empty: string) =>
  z
    .string()
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .transform((v) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").trim())
    .refine((v) => v !== "", { message: empty });

/** A post in the list. A private question's title is null for anyone but its asker and operators. */
export const ZQnaSummary = z.object({
  id: z.string(),
  kind: z.enum(["question", "notice"]),
  title: z.string().nullable(),
  category: z.enum(QNA_CATEGORIES),
  status: z.enum(["waiting", "answered"]),
  is_private: z.boolean(),
  is_pinned: z.boolean(),
  is_hidden: z.boolean(),
  /** Whether the caller wrote it. */
  is_mine: z.boolean(),
  /** The asker's e-mail ID shortened (`abc***`); "Vitrine" for notices. */
  author: z.string(),
  answer_count: z.number().int(),
  created_at: z.string(),
});
export type TQnaSummary = z.infer<typeof ZQnaSummary>;

/** A post with its text, images and answers. */
export const ZQnaDoc = ZQnaSummary.extend({
  title: z.string(),
  body: z.string(),
  images: z.array(ZBlobUrl),
  answers: z.array(z.object({ id: z.string(), body: z.string(), created_at: z.string() })),
  /** The asker may still edit or delete it (not answered yet). */
  can_edit: z.boolean(),
  updated_at: z.string(),
});
export type TQnaDoc = z.infer<typeof ZQnaDoc>;

const ZListOutput = z.object({
  docs: z.array(ZQnaSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** The public list of questions. */
export const qnaListCall = defineCall({
  path: "/api/qna/request_qna_list",
  module: "qna",
  input: z
    .object({
      page: z.number().int().min(1).max(10_000),
      q: z.string().max(QNA_TEXT_MAX.q).optional(),
      category: z.enum(QNA_CATEGORIES).nullable().optional(),
      status: z.enum(["waiting", "answered"]).nullable().optional(),
    })
    .strict(),
  output: ZListOutput,
  auth: "none",
  summary:
    "Questions, newest first, 20 a page, searchable in titles (and texts of public ones), by category and status; pinned notices first. Hidden posts are left out; private ones show no title to others.",
});

/** The newest posts and the operators' notices. */
export const qnaNewListCall = defineCall({
  path: "/api/qna/request_qna_newlist",
  module: "qna",
  input: z.object({}).strict(),
  output: z.object({ notices: z.array(ZQnaSummary), latest: z.array(ZQnaSummary) }),
  auth: "none",
  summary: "The operators' notices (pinned first) and the 10 newest questions.",
});

/** One post. */
export const qnaDetailCall = defineCall({
  path: "/api/qna/request_qna_detail",
  module: "qna",
  input: z.object({ qna_id: ZQnaId }).strict(),
  output: z.object({ doc: ZQnaDoc }),
  auth: "none",
  summary:
    "A post with its answers and images; a private or hidden one answers `notFound` to anyone but its asker and operators.",
});

const ZQuestionFields = {
  title: plain(QNA_TEXT_MAX.title, "Enter a title."),
  category: z.enum(QNA_CATEGORIES),
  body: plain(QNA_TEXT_MAX.body, "Write your question."),
  images: z.array(ZBlobUrl).max(QNA_IMAGES_MAX).default([]),
  is_private: z.boolean(),
};

/** Asks a question. */
export const qnaCreateCall = defineCall({
  path: "/api/qna/request_qna_create",
  module: "qna",
  input: z.object(ZQuestionFields).strict(),
  output: z.object({ doc: ZQnaDoc }),
  auth: "owner",
  summary:
    "Posts a question (plain text; up to 3 images, the caller's `POST /api/upload/file` uploads with purpose `qna_image`).",
});

/** Edits one's own question until it is answered. */
export const qnaUpdateCall = defineCall({
  path: "/api/qna/request_qna_update",
  module: "qna",
  input: z.object({ qna_id: ZQnaId, ...ZQuestionFields }).strict(),
  output: z.object({ doc: ZQnaDoc }),
  auth: "owner",
  summary: "Edits the caller's question; once answered `qnaAnswered`; another's answers `notFound`.",
});

/** Deletes one's own question until it is answered. */
export const qnaDeleteCall = defineCall({
  path: "/api/qna/request_qna_delete",
  module: "qna",
  input: z.object({ qna_id: ZQnaId }).strict(),
  output: z.object({}),
  auth: "owner",
  summary: "Deletes the caller's question; once answered `qnaAnswered`; another's answers `notFound`.",
});

/** Console: answers a question (the asker is mailed). */
export const qnaAnswerCall = defineCall({
  path: "/api/qna/request_qna_answer",
  module: "qna",
  input: z.object({ qna_id: ZQnaId, body: plain(QNA_TEXT_MAX.answer, "Write the answer.") }).strict(),
  output: z.object({ doc: ZQnaDoc }),
  auth: "super",
  summary: "Console: adds an answer (status `answered`) and mails the asker in their language; audited.",
});

/** Console: posts a notice. */
export const qnaNoticeCall = defineCall({
  path: "/api/qna/request_qna_notice",
  module: "qna",
  input: z
    .object({
      title: plain(QNA_TEXT_MAX.title, "Enter a title."),
      body: plain(QNA_TEXT_MAX.body, "Write the notice."),
      is_pinned: z.boolean(),
    })
    .strict(),
  output: z.object({ doc: ZQnaDoc }),
  auth: "super",
  summary: "Console: posts an operators' notice, pinned or not; audited.",
});

/** Console: pins, unpins, hides or shows a post. */
export const qnaModerateCall = defineCall({
  path: "/api/qna/request_qna_moderate",
  module: "qna",
  input: z
    .object({ qna_id: ZQnaId, is_pinned: z.boolean().optional(), is_hidden: z.boolean().optional() })
    .strict(),
  output: z.object({ doc: ZQnaDoc }),
  auth: "super",
  summary: "Console: pins or unpins a notice, hides or shows a post (hidden posts leave the board); audited.",
});

/** Console: every post, hidden and private included. */
export const qnaAdminListCall = defineCall({
  path: "/api/qna/request_qna_admin_list",
  module: "qna",
  input: z
    .object({
      page: z.number().int().min(1).max(10_000),
      q: z.string().max(QNA_TEXT_MAX.q).optional(),
      status: z.enum(["waiting", "answered"]).nullable().optional(),
    })
    .strict(),
  output: ZListOutput,
  auth: "super",
  summary: "Console: every post, newest first, hidden and private ones included.",
});
