/**
 * The analytics service (issue 11): what the calls, the rollup timer and other modules use. It
 * composes `collect.ts` (view log intake, written by `log-writer.ts` with group commit),
 * `summary.ts` (the owner's report over `report.ts` and `aggregate.ts`), `rollup.ts` (daily
 * rollups, retention, monthly partitions) and `visitor-hash.ts` (daily visitor hashes, which
 * other modules count views with through `visitors`).
 */
import { planLevel, type TPlanLevel } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TDrizzle } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import { createCollect, type TCollect } from "./collect";
import { createViewLogWriter } from "./log-writer";
import { createRollups, type TRollups } from "./rollup";
import { createReportSummaries, type TReportSummaries } from "./summary";
import { createVisitorDays, type TVisitorDays } from "./visitor-hash";

export type { TDetailResolver, TNameResolver } from "./summary";
export type { TVisitor, TVisitorDays } from "./visitor-hash";

/** What the analytics service needs. */
export interface TAnalyticsDeps {
  db: TDrizzle;
  logger: FastifyBaseLogger;
  publicUrl: string;
  /** Days raw view logs are kept (rollups stay). */
  retentionDays: number;
  /** Plan levels of owners; without it every owner sees the whole report. */
  accounts?: Pick<TAccountsService, "userInfo">;
  now: () => Date;
}

/** The analytics service. */
export interface TAnalyticsService extends TReportSummaries {
  /** Daily visitor hashes and the "seen today" record (other modules count views with it). */
  visitors: TVisitorDays;
  rollups: TRollups;
  /** Stores a beacon's view logs (nothing of a bot's) before it is answered. */
  collect: TCollect;
  /** One run of the rollup job: partitions, rollups, retention, old salts. Never throws. */
  tick(): Promise<void>;
  /** Waits for the logs being written (at shutdown, before the database closes). */
  stop(): Promise<void>;
}

/** Creates the analytics service. */
export function createAnalyticsService(deps: TAnalyticsDeps): TAnalyticsService {
  const { db, logger, now } = deps;
  const visitors = createVisitorDays(db, { now, logger });
  const writer = createViewLogWriter(db, { logger });
  const rollups = createRollups(db, {
    now,
    zones: ["UTC", "Asia/Seoul"],
    retentionDays: deps.retentionDays,
    logger,
  });

  async function levelOf(userId: string): Promise<TPlanLevel> {
    if (!deps.accounts) return "advanced";
    return planLevel(await deps.accounts.userInfo(userId));
  }

  return {
    ...createReportSummaries({ db, levelOf, now }),
    visitors,
    rollups,
    collect: createCollect({ visitors, writer, publicUrl: deps.publicUrl, now }),

    async tick() {
      try {
        await rollups.ensurePartitions();
        const folded = await rollups.run();
        const deleted = await rollups.retain();
        await visitors.prune();
        if (folded > 0 || deleted > 0) logger.info({ folded, deleted }, "analytics: rollup");
      } catch (error) {
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "analytics: rollup failed",
        );
      }
    },

    stop: () => writer.stop(),
  };
}
