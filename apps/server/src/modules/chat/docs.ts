/** Maps chat rows to the contract's documents (explicit, field by field). */
import type { TChatCannedDoc, TChatInboxDoc, TChatMessageDoc } from "@vitrine/contract";
import type { TCannedRow, TConversationRow, TMessageRow } from "./queries";

/** A stored message as both sides read it. */
export function messageDoc(row: TMessageRow, ownerId: string): TChatMessageDoc {
  return {
    userid: ownerId,
    message: row.body,
    id: row.id,
    conversation_id: row.conversationId,
    sender: row.sender,
    created_at: row.createdAt.toISOString(),
  };
}

/** A conversation in the operators' inbox. */
export function inboxDoc(
  row: TConversationRow,
  unread: number,
  last: TMessageRow | undefined,
): TChatInboxDoc {
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

/** A canned reply. */
export function cannedDoc(row: TCannedRow): TChatCannedDoc {
  return { id: row.id, title: row.title, message: row.body, updated_at: row.updatedAt.toISOString() };
}
