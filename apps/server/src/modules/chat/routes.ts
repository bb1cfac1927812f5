/**
 * Chat module (issue 15): binds the chat calls, routes the socket's `sendMessage` and `typing`,
 * and removes an account's conversation with the account.
 */
import {
  chatAssignCall,
  chatCannedDeleteCall,
  chatCannedListCall,
  chatCannedSaveCall,
  chatConversationCall,
  chatHistoryCall,
  chatInboxCall,
  chatOperatorReadCall,
  chatReadCall,
  chatReplyCall,
  chatUnreadCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { authOf, bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import { createChatService, type TChatService } from "./service";

/** Options of the chat module. */
export interface TChatModuleOptions {
  accounts: Pick<TAccountsService, "userInfo" | "supers" | "onAccountDeleted">;
  /** The console's audit log: assignments and canned-reply edits are recorded there. */
  audit: TAuditService;
  now?: () => Date;
}

/** The chat module and its service. */
export type TChatModule = TModule & { service: TChatService };

/** Creates the chat module. */
export function createChatModule(platform: TPlatform, options: TChatModuleOptions): TChatModule {
  const service = createChatService({
    db: platform.database.db,
    accounts: options.accounts,
    audit: options.audit,
    mail: platform.mail,
    rateLimits: platform.rateLimits,
    publicUrl: platform.config.publicUrl,
    logger: platform.logger,
    now: options.now ?? (() => new Date()),
  });
  options.accounts.onAccountDeleted((account) => service.removeAccount(account.userId, account.emailId));

  return {
    name: "chat",
    service,
    realtime: (rt) => service.attach(rt),
    calls: [
      bindCall(chatHistoryCall, async (input, ctx) => service.history(authOf(ctx).userId, input.before_id)),
      bindCall(chatUnreadCall, async (_input, ctx) => service.unread(authOf(ctx).userId)),
      bindCall(chatReadCall, async (input, ctx) => service.ownerRead(authOf(ctx).userId, input.last_id)),
      bindCall(chatInboxCall, async (input, ctx) => service.inbox(authOf(ctx), input.filter, input.page)),
      bindCall(chatConversationCall, async (input) =>
        service.conversation(input.conversation_id, input.before_id),
      ),
      bindCall(chatReplyCall, async (input, ctx) =>
        service.reply(authOf(ctx), input.conversation_id, input.message),
      ),
      bindCall(chatOperatorReadCall, async (input) =>
        service.operatorRead(input.conversation_id, input.last_id),
      ),
      bindCall(chatAssignCall, async (input, ctx) =>
        service.assign(authOf(ctx), input.conversation_id, input.assignee),
      ),
      bindCall(chatCannedListCall, async () => service.cannedList()),
      bindCall(chatCannedSaveCall, async (input, ctx) => service.cannedSave(authOf(ctx), input)),
      bindCall(chatCannedDeleteCall, async (input, ctx) =>
        service.cannedDelete(authOf(ctx), input.canned_id),
      ),
    ],
  };
}
