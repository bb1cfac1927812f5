/**
 * The support chat's verbs. An owner's messages come from the socket (`sendMessage`, the token's
 * user only); operators (super accounts) answer through calls. Every message is stored first and
 * then delivered to the owner's sockets and the operators' room on every instance (the Redis
 * adapter), so each message exists once whichever instance took it. It composes `owner.ts` (the
 * owner's side), `inbox.ts` (the operators'), `canned.ts` (canned replies) and `socket.ts` (rooms,
 * presence, `sendMessage`, `typing`) over `live.ts` (delivery); SQL lives in `queries.ts`.
 */
import type { TRealtime } from "../../platform/realtime/index";
import { createCannedReplies, type TCannedReplies } from "./canned";
import type { TChatDeps } from "./deps";
import { createOperatorInbox, type TOperatorInbox } from "./inbox";
import { createChatLive } from "./live";
import { createOwnerChat, type TOwnerChat } from "./owner";
import * as q from "./queries";
import { attachChat } from "./socket";

export type { TChatDeps } from "./deps";
export { OPERATORS_ROOM } from "./live";
export { CHAT_SEND_BUCKET } from "./owner";

/** The chat service. */
export interface TChatService extends TOwnerChat, TOperatorInbox, TCannedReplies {
  /** Binds the service to the socket: rooms, presence, `sendMessage` and `typing`. */
  attach(rt: TRealtime): void;
  /** Deletes what an account leaves behind. */
  removeAccount(userId: string, emailId: string): Promise<void>;
}

/** Creates the chat service; `attach` binds it to the socket. */
export function createChatService(deps: TChatDeps): TChatService {
  const live = createChatLive();
  const owner = createOwnerChat(deps, live);
  return {
    ...owner,
    ...createOperatorInbox(deps, live),
    ...createCannedReplies(deps),
    attach: (rt) => attachChat(deps, live, owner, rt),
    removeAccount: (userId, emailId) => q.removeAccount(deps.db, userId, emailId),
  };
}
