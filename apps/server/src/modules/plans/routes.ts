/**
 * Plans module (issue 12): binds the catalogue calls — the public price list with the payment
 * providers this deployment really offers, and the console's edit.
 */
import {
  AppError,
  adminCatalogueUpdateCall,
  planCatalogueCall,
  type TPaymentProvider,
} from "@vitrine/contract";
import { bindCall, type TModule } from "../../platform/module";
import type { TPlansService } from "./service";

/** Options of the plans module. */
export interface TPlansModuleOptions {
  service: TPlansService;
  /** The providers configured (the payments module knows). */
  providers: () => TPaymentProvider[];
}

/** Creates the plans module over its service. */
export function createPlansModule(options: TPlansModuleOptions): TModule {
  const { service } = options;
  return {
    name: "plans",
    calls: [
      bindCall(planCatalogueCall, async () => ({
        docs: await service.catalogue(),
        providers: options.providers(),
      })),
      bindCall(
        adminCatalogueUpdateCall,
        async (input, ctx) => {
          if (!ctx.auth?.isSuper) throw new AppError("forbidden");
          return { docs: await service.update(ctx.auth, input.lines, input.reason) };
        },
        { success: "adminDone" },
      ),
    ],
  };
}
