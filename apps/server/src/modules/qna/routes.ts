/**
 * Q&A module (issue 15): binds the board calls (public list, newest posts, detail; owners'
 * questions; the console's answers, notices and moderation) and removes an owner's questions
 * with their account.
 */
import {
  qnaAdminListCall,
  qnaAnswerCall,
  qnaCreateCall,
  qnaDeleteCall,
  qnaDetailCall,
  qnaListCall,
  qnaModerateCall,
  qnaNewListCall,
  qnaNoticeCall,
  qnaUpdateCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { authOf, bindCall, superOf, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TContentService } from "../content/service";
import { createQnaService, type TQnaService } from "./service";

/** Options of the Q&A module. */
export interface TQnaModuleOptions {
  accounts: Pick<TAccountsService, "userInfo" | "onAccountDeleted">;
  content: Pick<TContentService, "ownedUploadUrls">;
  audit: TAuditService;
  now?: () => Date;
}

/** The Q&A module and its service. */
export type TQnaModule = TModule & { service: TQnaService };

/** Creates the Q&A module. */
export function createQnaModule(platform: TPlatform, options: TQnaModuleOptions): TQnaModule {
  const service = createQnaService({
    db: platform.database.db,
    mail: platform.mail,
    logger: platform.logger,
    rateLimits: platform.rateLimits,
    publicUrl: platform.config.publicUrl,
    accounts: options.accounts,
    content: options.content,
    audit: options.audit,
    now: options.now ?? (() => new Date()),
  });
  options.accounts.onAccountDeleted((account) => service.removeOwnerData(account.userId));
  return {
    name: "qna",
    service,
    calls: [
      bindCall(qnaListCall, async (input, ctx) => service.list(input, ctx.auth)),
      bindCall(qnaNewListCall, async (_input, ctx) => service.newList(ctx.auth)),
      bindCall(qnaDetailCall, async (input, ctx) => ({ doc: await service.detail(input.qna_id, ctx.auth) })),
      bindCall(qnaCreateCall, async (input, ctx) => ({
        doc: await service.create(authOf(ctx), input, ctx.ip),
      })),
      bindCall(qnaUpdateCall, async (input, ctx) => {
        const { qna_id, ...fields } = input;
        return { doc: await service.update(authOf(ctx), qna_id, fields) };
      }),
      bindCall(qnaDeleteCall, async (input, ctx) => {
        await service.remove(authOf(ctx), input.qna_id);
        return {};
      }),
      bindCall(
        qnaAnswerCall,
        async (input, ctx) => ({ doc: await service.answer(superOf(ctx), input.qna_id, input.body) }),
        { success: "adminDone" },
      ),
      bindCall(qnaNoticeCall, async (input, ctx) => ({ doc: await service.notice(superOf(ctx), input) }), {
        success: "adminDone",
      }),
      bindCall(
        qnaModerateCall,
        async (input, ctx) => ({
          doc: await service.moderate(superOf(ctx), input.qna_id, {
            is_pinned: input.is_pinned,
            is_hidden: input.is_hidden,
          }),
        }),
        { success: "adminDone" },
      ),
      bindCall(qnaAdminListCall, async (input, ctx) => service.adminList(input, superOf(ctx))),
    ],
  };
}
