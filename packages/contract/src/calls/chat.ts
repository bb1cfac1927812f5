/**
 * Support chat (issue 15; SPEC §3 chat message, §4 chat socket, §7 `/ws_user`): a signed-in owner
 * talks to "the operators" in one conversation; operators (super accounts) answer from the
 * console's inbox. Messages are stored, so history, unread counts, read marks and the offline
 * e-mail work. The owner sends over the socket (`sendMessage`, §7); history, the inbox, replies,
 * assignment and canned replies are calls. Socket events besides §7's are in `CHAT_EVENTS`.
 */
import { z } from "zod";
import { defineCall, ZEmpty } from "../call";
import { zId } from "../ids";
import { ZChatMessage } from "./realtime";

/** Longest chat message (characters, after trimming); the same as §7's `sendMessage`. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages of one history page. */
export const CHAT_PAGE_SIZE = 50;
/** Conversations of one inbox page. */
export const CHAT_INBOX_PAGE_SIZE = 30;
/** Most canned replies the operators keep. */
export const CHAT_CANNED_MAX = 100;
/** Longest canned-reply title. */
export const CHAT_CANNED_TITLE_MAX = 80;

/** Who wrote a message. */
export const CHAT_SENDERS = ["owner", "operator"] as const;
/** A message's sender kind. */
export type TChatSender = (typeof CHAT_SENDERS)[number];

/** Socket events of the chat beside §7's setUserId / sendMessage / receiveMessage. */
export const CHAT_EVENTS = {
  /** Client → server: "I am typing" (owner: no payload; operator: `{conversation_id}`). Server → client: `TChatTyping`. */
  typing: "typing",
  /** Server → owner sockets: `TChatStatus` (whether an operator is online), at connect and when it changes. */
  status: "chatStatus",
  /** Server → both sides: `TChatReadMark` when one side has read up to a message. */
  read: "chatRead",
} as const;

/** A chat message's text: SPEC §5, non-empty after trimming; at most `CHAT_MESSAGE_MAX`. */
export const ZChatText = ZChatMessage.shape.message;

/** A conversation id (`chat_` + UUID). */
export const ZChatConversationId = zId("chat");

/**
 * A stored message, also what `receiveMessage` carries: §7's `{userid, message}` (userid is the
 * conversation's owner) plus the stored facts.
 */
export const ZChatMessageDoc = z.object({
  userid: z.string(),
  message: z.string(),
  id: z.number().int(),
  conversation_id: z.string(),
  sender: z.enum(CHAT_SENDERS),
  created_at: z.string(),
});
/** A stored chat message. */
export type TChatMessageDoc = z.infer<typeof ZChatMessageDoc>;

/** `typing` as the server sends it. */
export const ZChatTyping = z.object({
  conversation_id: z.string(),
  userid: z.string(),
  sender: z.enum(CHAT_SENDERS),
});
/** A typing notice. */
export type TChatTyping = z.infer<typeof ZChatTyping>;

/** `chatStatus` as the server sends it to owners. */
export const ZChatStatus = z.object({ operators_online: z.boolean() });
/** Whether an operator is online. */
export type TChatStatus = z.infer<typeof ZChatStatus>;

/** `chatRead`: `reader` has read the conversation up to message `last_read_id`. */
export const ZChatReadMark = z.object({
  conversation_id: z.string(),
  reader: z.enum(CHAT_SENDERS),
  last_read_id: z.number().int(),
});
/** A read mark. */
export type TChatReadMark = z.infer<typeof ZChatReadMark>;

/** The owner's view of their conversation. */
export const ZChatOwnConversation = z.object({
  id: z.string(),
  /** Operators' messages the owner has not read. */
  unread: z.number().int(),
  /** The last message the operators have read (0: none), for "Seen". */
  operator_read_id: z.number().int(),
});

const ZPageCursor = {
  /** Messages older than this id (the oldest shown); none: the newest page. */
  before_id: z.number().int().positive().optional(),
};

/** The owner's conversation: the newest messages, oldest first. */
export const chatHistoryCall = defineCall({
  path: "/api/chat/request_chat_history",
  module: "chat",
  input: z.object(ZPageCursor).strict(),
  output: z.object({
    conversation: ZChatOwnConversation.nullable(),
    docs: z.array(ZChatMessageDoc),
    has_more: z.boolean(),
    operators_online: z.boolean(),
  }),
  auth: "owner",
  summary:
    "The caller's support conversation (null before the first message), a page of 50 messages oldest first (before_id pages back), unread count and whether an operator is online.",
});

/** Unread answers and operator presence, for the chat button's badge. */
export const chatUnreadCall = defineCall({
  path: "/api/chat/request_chat_unread",
  module: "chat",
  input: ZEmpty,
  output: z.object({ unread: z.number().int(), operators_online: z.boolean() }),
  auth: "owner",
  summary: "How many operator answers the caller has not read, and whether an operator is online.",
});

/** The owner has read up to a message. */
export const chatReadCall = defineCall({
  path: "/api/chat/request_chat_read",
  module: "chat",
  input: z.object({ last_id: z.number().int().positive() }).strict(),
  output: z.object({ unread: z.number().int() }),
  auth: "owner",
  summary:
    "Marks the caller's conversation read up to last_id (never backwards); answers what is left unread.",
});

/** A conversation as operators see it in the inbox. */
export const ZChatInboxDoc = z.object({
  id: z.string(),
  owner_id: z.string(),
  owner_email_id: z.string(),
  /** The operator (e-mail ID) it is assigned to, or null. */
  assignee: z.string().nullable(),
  /** The owner's messages no operator has read. */
  unread: z.number().int(),
  /** The last message the owner has read (0: none). */
  owner_read_id: z.number().int(),
  last_message: z
    .object({ message: z.string(), sender: z.enum(CHAT_SENDERS), created_at: z.string() })
    .nullable(),
  updated_at: z.string(),
});
/** An inbox row. */
export type TChatInboxDoc = z.infer<typeof ZChatInboxDoc>;

/** Inbox filters. */
export const CHAT_INBOX_FILTERS = ["all", "unread", "mine", "unassigned"] as const;
/** An inbox filter. */
export type TChatInboxFilter = (typeof CHAT_INBOX_FILTERS)[number];

/** The operators' inbox. */
export const chatInboxCall = defineCall({
  path: "/api/chat/request_chat_inbox",
  module: "chat",
  input: z
    .object({
      filter: z.enum(CHAT_INBOX_FILTERS).default("all"),
      page: z.number().int().min(1).max(10_000).default(1),
    })
    .strict(),
  output: z.object({
    docs: z.array(ZChatInboxDoc),
    total: z.number().int(),
    page_size: z.number().int(),
    /** Unread owner messages over every conversation. */
    unread_total: z.number().int(),
    /** E-mail IDs of the operators (super accounts), for assignment. */
    operators: z.array(z.string()),
    /** The caller's e-mail ID. */
    me: z.string(),
  }),
  auth: "super",
  summary:
    "Support conversations, newest activity first, 30 a page; filter all, unread, mine (assigned to the caller) or unassigned; with unread counts and the operators.",
});

/** One conversation, for an operator. */
export const chatConversationCall = defineCall({
  path: "/api/chat/request_chat_conversation",
  module: "chat",
  input: z.object({ conversation_id: ZChatConversationId, ...ZPageCursor }).strict(),
  output: z.object({ doc: ZChatInboxDoc, docs: z.array(ZChatMessageDoc), has_more: z.boolean() }),
  auth: "super",
  summary: "A support conversation and a page of its messages, oldest first (before_id pages back).",
});

/** An operator answers. */
export const chatReplyCall = defineCall({
  path: "/api/chat/request_chat_reply",
  module: "chat",
  input: z.object({ conversation_id: ZChatConversationId, message: ZChatText }).strict(),
  output: z.object({ doc: ZChatMessageDoc, mailed: z.boolean() }),
  auth: "super",
  summary:
    "Stores an operator's answer and delivers it live; when the owner is not connected (or wrote while no operator was online) the answer is also e-mailed in the owner's language.",
});

/** Operators have read up to a message. */
export const chatOperatorReadCall = defineCall({
  path: "/api/chat/request_chat_operator_read",
  module: "chat",
  input: z.object({ conversation_id: ZChatConversationId, last_id: z.number().int().positive() }).strict(),
  output: z.object({ unread: z.number().int() }),
  auth: "super",
  summary: "Marks a conversation read by the operators up to last_id (never backwards).",
});

/** Assigns a conversation. */
export const chatAssignCall = defineCall({
  path: "/api/chat/request_chat_assign",
  module: "chat",
  input: z
    .object({ conversation_id: ZChatConversationId, assignee: z.string().trim().min(1).max(200).nullable() })
    .strict(),
  output: z.object({ doc: ZChatInboxDoc }),
  auth: "super",
  summary: "Assigns a conversation to an operator (a super account's e-mail ID), or unassigns it (null).",
});

/** A canned reply. */
export const ZChatCannedDoc = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  updated_at: z.string(),
});
/** A canned reply. */
export type TChatCannedDoc = z.infer<typeof ZChatCannedDoc>;

/** The canned replies. */
export const chatCannedListCall = defineCall({
  path: "/api/chat/request_chat_canned_list",
  module: "chat",
  input: ZEmpty,
  output: z.object({ docs: z.array(ZChatCannedDoc) }),
  auth: "super",
  summary: "The operators' canned replies, by title.",
});

/** Creates or edits a canned reply. */
export const chatCannedSaveCall = defineCall({
  path: "/api/chat/request_chat_canned_save",
  module: "chat",
  input: z
    .object({
      canned_id: zId("canned").optional(),
      title: z
        .string()
        .trim()
        .min(1, "Please enter a title.")
        .max(CHAT_CANNED_TITLE_MAX, `At most ${CHAT_CANNED_TITLE_MAX} characters.`),
      message: ZChatText,
    })
    .strict(),
  output: z.object({ doc: ZChatCannedDoc }),
  auth: "super",
  summary: `Creates a canned reply, or edits one (canned_id); at most ${CHAT_CANNED_MAX}.`,
});

/** Deletes a canned reply. */
export const chatCannedDeleteCall = defineCall({
  path: "/api/chat/request_chat_canned_delete",
  module: "chat",
  input: z.object({ canned_id: zId("canned") }).strict(),
  output: z.object({ deleted: z.literal(true) }),
  auth: "super",
  summary: "Deletes a canned reply.",
});
