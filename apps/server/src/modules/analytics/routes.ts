/**
 * Analytics module (issue 11): binds the view log intake (one row or a batch of 50, answered
 * once stored) and the owner's report, runs the rollup job on a timer (daily rollups,
 * retention, monthly partitions), and hands other modules the daily visitor hashes and the
 * names registry (`registerNames`).
 */
import { AppError, addOriginLogCall, reportSummaryCall } from "@vitrine/contract";
import { bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TRollups } from "./rollup";
import { createAnalyticsService, type TAnalyticsService, type TVisitorDays } from "./service";

export type { TDetailResolver, TNameResolver } from "./service";

/** The analytics module: daily visitor hashes, the names registry, the rollup job. */
export type TAnalyticsModule = TModule &
  Pick<TAnalyticsService, "registerNames" | "registerDetails"> & {
    visitors: TVisitorDays;
    rollups: TRollups;
  };

/** How often the rollup job runs (and at start). */
const ROLLUP_EVERY_MS = 10 * 60_000;

/** Creates the analytics module; its `stop()` waits for the logs being written. */
export function createAnalyticsModule(
  platform: TPlatform,
  options: {
    now?: () => Date;
    accounts?: Pick<TAccountsService, "userInfo">;
    /** Run the rollup job on a timer (off in tests that drive it). */
    rollupTimer?: boolean;
  } = {},
): TAnalyticsModule {
  const service = createAnalyticsService({
    db: platform.database.db,
    logger: platform.logger,
    publicUrl: platform.config.publicUrl,
    retentionDays: platform.config.logRetentionDays,
    accounts: options.accounts,
    now: options.now ?? (() => new Date()),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;

  return {
    name: "analytics",
    visitors: service.visitors,
    rollups: service.rollups,
    registerNames: (type, resolver) => service.registerNames(type, resolver),
    registerDetails: (type, resolver) => service.registerDetails(type, resolver),
    calls: [
      bindCall(
        addOriginLogCall,
        async (input, ctx) => {
          // Answered only once the rows are stored, so "accepted" survives a crash.
          await service.collect("rows" in input ? input.rows : [input], {
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            requestHost: ctx.request.hostname,
          });
          return { accepted: true as const };
        },
        // Page timing sends `view_end` with sendBeacon as the page goes away.
        { acceptsBeacon: true },
      ),
      bindCall(reportSummaryCall, async (input, ctx) => {
        if (!ctx.auth) throw new AppError("forbidden");
        return service.summary(ctx.auth, input);
      }),
    ],
    async start() {
      if (options.rollupTimer === false) return;
      const loop = () => {
        if (isStopped) return;
        timer = setTimeout(() => {
          running = service.tick().finally(loop);
        }, ROLLUP_EVERY_MS);
        timer.unref?.();
      };
      // First run soon after start, then every 10 minutes.
      timer = setTimeout(() => {
        running = service.tick().finally(loop);
      }, 5_000);
      timer.unref?.();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await service.stop();
    },
  };
}
