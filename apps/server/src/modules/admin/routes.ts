/**
 * Admin module (issue 12): the operators' console calls (super accounts only): the audit log
 * (which every module writes through `platform/audit.ts`), accounts, super accounts, contents.
 */
import {
  adminAuditListCall,
  adminContentFindCall,
  adminOverviewCall,
  adminSuperAddCall,
  adminSuperListCall,
  adminSuperRemoveCall,
  adminUserDetailCall,
  adminUserPlanCall,
  adminUserSearchCall,
  adminUserSuspendCall,
  adminUserTrialCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { bindCall, superOf, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import { createAdminService, type TAdminDeps, type TAdminService } from "./service";

/** Options of the admin module. */
export interface TAdminModuleOptions {
  /** The audit service (made first with `createAuditService`, so every module can be given it). */
  audit: TAuditService;
  accounts: TAdminDeps["accounts"];
  content: TAdminDeps["content"];
  channels: TAdminDeps["channels"];
  now?: () => Date;
}

/** The admin module and its service. */
export type TAdminModule = TModule & { service: TAdminService };

/** Creates the admin module. */
export function createAdminModule(platform: TPlatform, options: TAdminModuleOptions): TAdminModule {
  const service = createAdminService({
    db: platform.database.db,
    audit: options.audit,
    accounts: options.accounts,
    content: options.content,
    channels: options.channels,
    now: options.now ?? (() => new Date()),
  });
  const done = { success: "adminDone" } as const;
  return {
    name: "admin",
    service,
    calls: [
      bindCall(adminAuditListCall, async (input, ctx) => {
        superOf(ctx);
        return service.auditList(input.page, { action: input.action, targetId: input.target_id });
      }),
      bindCall(adminOverviewCall, async (_input, ctx) => {
        superOf(ctx);
        return service.overview();
      }),
      bindCall(adminUserSearchCall, async (input, ctx) => {
        superOf(ctx);
        return service.searchUsers(input.q, input.page);
      }),
      bindCall(adminUserDetailCall, async (input, ctx) => {
        superOf(ctx);
        return { doc: await service.userDetail(input.user_id) };
      }),
      bindCall(
        adminUserTrialCall,
        async (input, ctx) => ({
          doc: await service.setTrial(
            superOf(ctx),
            input.user_id,
            new Date(input.trial_ends_at),
            input.reason,
          ),
        }),
        done,
      ),
      bindCall(
        adminUserPlanCall,
        async (input, ctx) => ({
          doc: await service.setPlan(
            superOf(ctx),
            input.user_id,
            input.plan,
            input.plan_expires_at ? new Date(input.plan_expires_at) : null,
            input.reason,
          ),
        }),
        done,
      ),
      bindCall(
        adminUserSuspendCall,
        async (input, ctx) => ({
          doc: await service.setSuspended(superOf(ctx), input.user_id, input.suspended, input.reason),
        }),
        done,
      ),
      bindCall(adminSuperListCall, async (_input, ctx) => {
        superOf(ctx);
        return { docs: (await service.listSupers()).map((email_id) => ({ email_id })) };
      }),
      bindCall(
        adminSuperAddCall,
        async (input, ctx) => {
          const { outcome, emailId } = await service.addSuper(superOf(ctx), input.email, input.reason);
          return { outcome, email_id: emailId };
        },
        done,
      ),
      bindCall(
        adminSuperRemoveCall,
        async (input, ctx) => {
          await service.removeSuper(superOf(ctx), input.email_id, input.reason);
          return { removed: true as const };
        },
        done,
      ),
      bindCall(adminContentFindCall, async (input, ctx) => {
        superOf(ctx);
        return { docs: await service.findContents(input.q) };
      }),
    ],
  };
}
