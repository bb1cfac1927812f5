/**
 * Production module (issue 15): binds the production calls (owners' requests, the console's
 * quote, status, delivery and messages, the model price table) and removes an owner's requests
 * with their account.
 */
import {
  productionAdminListCall,
  productionAdminMessageCall,
  productionCreateCall,
  productionDeliverCall,
  productionDetailCall,
  productionListCall,
  productionMessageCall,
  productionPricesCall,
  productionPricesUpdateCall,
  productionQuoteCall,
  productionRespondCall,
  productionSetStatusCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { authOf, bindCall, superOf, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TContentService } from "../content/service";
import { createProductionService, type TProductionService } from "./service";

/** Options of the production module. */
export interface TProductionModuleOptions {
  accounts: Pick<TAccountsService, "userInfo" | "operators" | "onAccountDeleted">;
  content: Pick<TContentService, "ownedUploadUrls" | "createProduced">;
  audit: TAuditService;
  now?: () => Date;
}

/** The production module and its service. */
export type TProductionModule = TModule & { service: TProductionService };

/** Creates the production module. */
export function createProductionModule(
  platform: TPlatform,
  options: TProductionModuleOptions,
): TProductionModule {
  const service = createProductionService({
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
    name: "production",
    service,
    calls: [
      bindCall(productionPricesCall, async () => ({ prices: await service.prices() })),
      bindCall(
        productionCreateCall,
        async (input, ctx) => ({ doc: await service.create(authOf(ctx), input, ctx.ip) }),
        { success: "productionRequested" },
      ),
      bindCall(productionListCall, async (_input, ctx) => ({ docs: await service.list(authOf(ctx)) })),
      bindCall(productionDetailCall, async (input, ctx) => ({
        doc: await service.detail(authOf(ctx), input.request_id),
      })),
      bindCall(productionRespondCall, async (input, ctx) => ({
        doc: await service.respond(authOf(ctx), input.request_id, input.accept),
      })),
      bindCall(productionMessageCall, async (input, ctx) => ({
        doc: await service.message(authOf(ctx), input.request_id, input.text),
      })),
      bindCall(productionAdminListCall, async (input, ctx) => {
        superOf(ctx);
        return service.adminList(input);
      }),
      bindCall(
        productionQuoteCall,
        async (input, ctx) => ({ doc: await service.quote(superOf(ctx).userId, input) }),
        { success: "adminDone" },
      ),
      bindCall(
        productionSetStatusCall,
        async (input, ctx) => ({
          doc: await service.setStatus(superOf(ctx).userId, input.request_id, input.status),
        }),
        { success: "adminDone" },
      ),
      bindCall(
        productionDeliverCall,
        async (input, ctx) => ({
          doc: await service.deliver(superOf(ctx).userId, input.request_id, input.model, input.title),
        }),
        { success: "adminDone" },
      ),
      bindCall(
        productionAdminMessageCall,
        async (input, ctx) => ({
          doc: await service.adminMessage(superOf(ctx).userId, input.request_id, input.text),
        }),
        { success: "adminDone" },
      ),
      bindCall(
        productionPricesUpdateCall,
        async (input, ctx) => ({ prices: await service.updatePrices(superOf(ctx).userId, input.prices) }),
        { success: "adminDone" },
      ),
    ],
  };
}
