/**
 * Payments module (issue 12): binds checkout, the owner's receipt, account, cancel and plan
 * change, and the console's payment list, confirm, reject and refund; runs the renewal job on a
 * timer (RENEWAL_CHECK_MS), which also expires card checkouts left pending (`expiry.ts`); keeps an
 * account's billing records when it is deleted.
 */
import {
  ADMIN_PAGE_SIZE,
  adminPaymentConfirmCall,
  adminPaymentListCall,
  adminPaymentRefundCall,
  adminPaymentRejectCall,
  paymentAccountCall,
  paymentCancelCall,
  paymentChangePlanCall,
  paymentCheckoutCall,
  paymentDetailCall,
  paymentReturnCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { authOf, bindCall, superOf, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TPlansService } from "../plans/service";
import { providersByName } from "./deps";
import { expireStaleCheckouts } from "./expiry";
import { manualProvider, type TProviderAdapter } from "./providers";
import { runRenewals, type TRenewalRun } from "./renewals";
import { createPaymentsService, type TPaymentsService } from "./service";
import { stripeProvider } from "./stripe";
import { tossProvider } from "./toss";
import { registerWebhooks } from "./webhooks";

/** Options of the payments module. */
export interface TPaymentsModuleOptions {
  accounts: Pick<
    TAccountsService,
    "userInfo" | "setPlanIn" | "planChanged" | "operators" | "onAccountDeleted"
  >;
  plans: Pick<TPlansService, "price">;
  audit: TAuditService;
  /** Providers besides `manual` (configured ones only). */
  providers?: TProviderAdapter[];
  now?: () => Date;
}

/** The payments module, its service and the renewal job. */
export type TPaymentsModule = TModule & {
  service: TPaymentsService;
  /**
   * Runs every renewal step due now, then expires card checkouts left pending (the timer calls
   * it; tests call it with a moved clock).
   */
  renewals(): Promise<TRenewalRun & { expired: number; recovered: number }>;
};

/** Creates the payments module. */
export function createPaymentsModule(platform: TPlatform, options: TPaymentsModuleOptions): TPaymentsModule {
  const now = options.now ?? (() => new Date());
  const stripe = platform.config.payments.stripe;
  const tossConfig = platform.config.payments.toss;
  const returnUrl = (id: string) => `${platform.config.publicUrl}/payment/${id}`;
  const toss = tossConfig ? tossProvider({ ...tossConfig, returnUrl }) : null;
  const stripeAdapter = stripe ? stripeProvider({ ...stripe, returnUrl }) : null;
  const providers = [
    manualProvider(platform.config.payments.transfer),
    ...(toss ? [toss] : []),
    ...(stripeAdapter ? [stripeAdapter] : []),
    ...(options.providers ?? []),
  ];
  const service = createPaymentsService({
    db: platform.database.db,
    mail: platform.mail,
    logger: platform.logger,
    publicUrl: platform.config.publicUrl,
    transfer: platform.config.payments.transfer,
    accounts: options.accounts,
    plans: options.plans,
    audit: options.audit,
    providers,
    now,
  });
  options.accounts.onAccountDeleted((account) => service.removeOwnerData(account.userId));
  const renewals = async () => {
    const db = platform.database.db;
    const logger = platform.logger;
    const run = await runRenewals(
      { db, accounts: options.accounts, plans: options.plans, payments: service, providers, logger },
      now(),
    );
    const byName = providersByName(providers);
    return {
      ...run,
      ...(await expireStaleCheckouts({ db, providers: byName, payments: service, logger }, now())),
    };
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isStopped = false;

  return {
    name: "payments",
    service,
    renewals,
    calls: [
      bindCall(paymentCheckoutCall, async (input, ctx) => service.checkout(authOf(ctx), input)),
      bindCall(paymentReturnCall, async (input, ctx) => ({
        doc: await service.returned(authOf(ctx), input),
      })),
      bindCall(paymentDetailCall, async (input, ctx) => ({
        doc: await service.detail(authOf(ctx), input.payment_id),
      })),
      bindCall(paymentAccountCall, async (_input, ctx) => service.account(authOf(ctx))),
      bindCall(paymentCancelCall, async (_input, ctx) => ({
        subscription: await service.cancel(authOf(ctx)),
      })),
      bindCall(paymentChangePlanCall, async (input, ctx) => service.changePlan(authOf(ctx), input.plan)),
      bindCall(adminPaymentListCall, async (input, ctx) => {
        superOf(ctx);
        const { docs, total } = await service.adminList(input.page, input.status, input.user_id);
        return { docs, total, page: input.page, page_size: ADMIN_PAGE_SIZE };
      }),
      bindCall(
        adminPaymentConfirmCall,
        async (input, ctx) => service.confirm(superOf(ctx), input.payment_id, input.reason ?? null),
        { success: "adminDone" },
      ),
      bindCall(
        adminPaymentRejectCall,
        async (input, ctx) => service.reject(superOf(ctx), input.payment_id, input.reason),
        { success: "adminDone" },
      ),
      bindCall(
        adminPaymentRefundCall,
        async (input, ctx) => service.refund(superOf(ctx), input.payment_id, input.reason),
        { success: "adminDone" },
      ),
    ],
    async routes(app) {
      await registerWebhooks(app, {
        db: platform.database.db,
        payments: service,
        afterPaid: (userId, paymentId) => service.afterPaid(userId, paymentId),
        planChanged: (userId) => options.accounts.planChanged(userId),
        stripeSecret: stripe?.webhookSecret ?? null,
        stripe: stripeAdapter,
        toss,
        now,
      });
    },
    async start() {
      const every = platform.config.payments.renewalCheckMs;
      if (every <= 0) return;
      const loop = () => {
        if (isStopped) return;
        timer = setTimeout(() => {
          running = renewals()
            .catch((error) => platform.logger.warn({ err: error }, "renewal run failed"))
            .finally(loop);
        }, every);
        timer.unref?.();
      };
      loop();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
