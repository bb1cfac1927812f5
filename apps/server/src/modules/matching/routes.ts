/**
 * Matching module (issue 14): binds the business-connecting calls, runs the matching job, and
 * removes an owner's matching data with their account.
 */
import {
  connectListCall,
  connectNewCountCall,
  connectNotInterestedCall,
  connectReplyCall,
  connectSendCodeCall,
  connectSubmitCall,
  connectUpdateCall,
  connectVerifyCodeCall,
  matchAdminRemoveCall,
  matchAdminStatsCall,
  matchSettingsCall,
  matchSettingsUpdateCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { authOf, bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import {
  createMatchingService,
  MATCH_JOB,
  type TMatchingChannelsPort,
  type TMatchingContentPort,
  type TMatchingService,
} from "./service";

/** Options of the matching module. */
export interface TMatchingModuleOptions {
  accounts: Pick<TAccountsService, "businessCodes" | "userInfo" | "onAccountDeleted">;
  channels: TMatchingChannelsPort;
  content: TMatchingContentPort;
  audit: TAuditService;
  now?: () => Date;
}

/** The matching module and its service. */
export type TMatchingModule = TModule & { service: TMatchingService };

/** Creates the matching module. */
export function createMatchingModule(platform: TPlatform, options: TMatchingModuleOptions): TMatchingModule {
  const service = createMatchingService({
    db: platform.database.db,
    mail: platform.mail,
    jobs: platform.jobs,
    rateLimits: platform.rateLimits,
    logger: platform.logger,
    publicUrl: platform.config.publicUrl,
    tokenSecret: platform.config.tokenSecret,
    accounts: options.accounts,
    channels: options.channels,
    content: options.content,
    audit: options.audit,
    now: options.now ?? (() => new Date()),
  });
  platform.jobs.register(MATCH_JOB, async (job) => {
    const { inquiryId } = job.payload as { inquiryId: string };
    await service.run(inquiryId);
  });
  options.accounts.onAccountDeleted((account) => service.removeOwner(account.userId));

  return {
    name: "matching",
    service,
    calls: [
      bindCall(connectSendCodeCall, (input) => service.sendCode(input.email, input.lang), {
        success: "emailSent",
      }),
      bindCall(connectVerifyCodeCall, (input) => service.verifyCode(input.email, input.code), {
        success: "emailVerified",
      }),
      bindCall(connectSubmitCall, async (input, ctx) => ({ doc: await service.submit(input, ctx.ip) }), {
        success: "connectSubmitted",
      }),
      bindCall(connectListCall, (_input, ctx) => service.list(authOf(ctx))),
      bindCall(connectNewCountCall, async (_input, ctx) => ({
        new_count: await service.newCount(authOf(ctx)),
      })),
      bindCall(
        connectReplyCall,
        async (input, ctx) => ({ doc: await service.reply(authOf(ctx), input.connection_id, input.message) }),
        { success: "connectReplied" },
      ),
      bindCall(connectUpdateCall, async (input, ctx) => {
        const { connection_id, ...change } = input;
        return { doc: await service.update(authOf(ctx), connection_id, change) };
      }),
      bindCall(matchSettingsCall, async (_input, ctx) => ({ doc: await service.settings(authOf(ctx)) })),
      bindCall(
        matchSettingsUpdateCall,
        async (input, ctx) => ({ doc: await service.saveSettings(authOf(ctx), input) }),
        { success: "channelUpdated" },
      ),
      bindCall(connectNotInterestedCall, (input) => service.notInterested(input.token)),
      bindCall(matchAdminStatsCall, () => service.stats()),
      bindCall(
        matchAdminRemoveCall,
        async (input, ctx) => {
          await service.remove(authOf(ctx), input.inquiry_id, input.reason);
          return { removed: true as const };
        },
        { success: "adminDone" },
      ),
    ],
  };
}
