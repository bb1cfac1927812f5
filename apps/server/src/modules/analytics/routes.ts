/**
 * Analytics module (issue 11): intake of view logs (one row or a batch of 50; bots dropped,
 * user agents parsed, referrers reduced to an inflow source, the daily visitor hash instead of
 * any IP), the owner's report, the rollup job (daily rollups, retention, monthly partitions) and
 * the names registry other modules fill (`registerNames`).
 */
import {
  AppError,
  addOriginLogCall,
  PLAN_LIMITS,
  planLevel,
  REPORT_CONTENT_TYPES,
  reportSummaryCall,
  type TReportContentType,
  type TViewLog,
} from "@vitrine/contract";
import { bindCall, type TModule } from "../../platform/module";
import type { TAuth, TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import { inflowOf, isBotAgent, parseAgent } from "./intake";
import type { TNewViewLog } from "./queries";
import { buildSummary, realtimeVisitors, reportRows, type TReportQuery } from "./report";
import { addDays, createRollups, type TRollups } from "./rollup";
import { createViewLogWriter, newLogId } from "./service";
import { createVisitorDays, type TVisitorDays } from "./visitor-hash";

/**
 * Names the things of one type that belong to `owner` (others are left out, which makes a
 * report of them answer `notFound`). Booths come from the exhibition module.
 */
export type TNameResolver = (ids: readonly string[], owner: TAuth) => Promise<ReadonlyMap<string, string>>;

/** Annotation and motion step names of one of the owner's contents. */
export type TDetailResolver = (
  id: string,
  owner: TAuth,
) => Promise<{ annotations: ReadonlyMap<string, string>; motionSteps: ReadonlyMap<string, string> }>;

/** The analytics module: daily visitor hashes, the names registry, the rollup job. */
export type TAnalyticsModule = TModule & {
  visitors: TVisitorDays;
  rollups: TRollups;
  /** Lets the report name (and check the owner of) things of `type`. */
  registerNames(type: TReportContentType, resolver: TNameResolver): void;
  /** Lets a content's report name its annotations and motion steps. */
  registerDetails(type: TReportContentType, resolver: TDetailResolver): void;
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
  const now = options.now ?? (() => new Date());
  const { logger, config } = platform;
  const db = platform.database.db;
  const visitors = createVisitorDays(db, { now, logger });
  const writer = createViewLogWriter(db, { logger });
  const rollups = createRollups(db, {
    now,
    zones: ["UTC", "Asia/Seoul"],
    retentionDays: config.logRetentionDays,
    logger,
  });
  const names = new Map<string, TNameResolver>();
  const details = new Map<string, TDetailResolver>();
  let ownHost: string | null = null;
  try {
    ownHost = new URL(config.publicUrl).hostname.toLowerCase();
  } catch {
    ownHost = null;
  }

  async function toRows(
    logs: TViewLog[],
    ip: string,
    userAgent: string,
    requestHost: string,
  ): Promise<TNewViewLog[]> {
    const agent = parseAgent(userAgent, { deviceType: logs[0]?.metadata.deviceType });
    const hashes = new Map<string, string>();
    const at = now();
    const rows: TNewViewLog[] = [];
    for (const log of logs) {
      let hash = hashes.get(log.contentOwnerId);
      if (hash === undefined) {
        hash = await visitors.hashOf({ ip, userAgent }, log.contentOwnerId);
        hashes.set(log.contentOwnerId, hash);
      }
      rows.push({
        id: newLogId(),
        createdAt: at,
        contentOwnerId: log.contentOwnerId,
        contentType: log.contentType,
        contentId: log.contentId,
        pageType: log.pageType,
        action: log.action,
        path: log.path,
        sessionId: log.sessionId,
        visitUserId: log.visit_userId,
        visitorHash: hash,
        ...agent,
        inflow: inflowOf({ referrer: log.referrer, userAgent, pageType: log.pageType, ownHost, requestHost }),
        duration: log.duration ?? null,
        detail: log.detail,
      });
    }
    return rows;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;
  const tick = async () => {
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
  };

  async function ownerLevel(userId: string) {
    if (!options.accounts) return "advanced" as const;
    return planLevel(await options.accounts.userInfo(userId));
  }

  return {
    name: "analytics",
    visitors,
    rollups,
    registerNames(type, resolver) {
      names.set(type, resolver);
    },
    registerDetails(type, resolver) {
      details.set(type, resolver);
    },
    calls: [
      bindCall(
        addOriginLogCall,
        async (input, ctx) => {
          const logs = "rows" in input ? input.rows : [input];
          // Crawlers and scripts are answered as anyone else, and nothing of theirs is kept.
          if (isBotAgent(ctx.userAgent)) return { accepted: true as const };
          // Answered only once the rows are stored, so "accepted" survives a crash.
          await writer.record(await toRows(logs, ctx.ip, ctx.userAgent, ctx.request.hostname));
          return { accepted: true as const };
        },
        // Page timing sends `view_end` with sendBeacon as the page goes away.
        { acceptsBeacon: true },
      ),
      bindCall(reportSummaryCall, async (input, ctx) => {
        const auth = ctx.auth;
        if (!auth) throw new AppError("forbidden");
        const at = now();
        let scope = "";
        const thingNames = new Map<string, string>();
        let annotations: ReadonlyMap<string, string> = new Map();
        let motionSteps: ReadonlyMap<string, string> = new Map();
        if (input.content_id) {
          const type = input.content_type ?? "product";
          scope = `${type}:${input.content_id}`;
          const resolver = names.get(type);
          const named = resolver ? await resolver([input.content_id], auth) : new Map<string, string>();
          // Another owner's thing (or one that does not exist) is not found.
          if (!named.has(input.content_id)) throw new AppError("notFound");
          thingNames.set(scope, named.get(input.content_id) ?? "");
          const detail = details.get(type);
          if (detail) ({ annotations, motionSteps } = await detail(input.content_id, auth));
        }
        const level = await ownerLevel(auth.userId);
        if (input.filter) {
          const shows = PLAN_LIMITS[level].analytics;
          const limit =
            input.filter.dim === "content_type"
              ? "by_content_type"
              : input.filter.dim === "inflow"
                ? "inflow_path"
                : "browser_device";
          if (!shows[limit]) throw new AppError("planLimit", { data: { limit: `analytics.${limit}` } });
        }
        const q: TReportQuery = {
          ownerId: auth.userId,
          from: input.from,
          to: input.to,
          zone: input.zone ?? "UTC",
          scope,
          filter: input.filter,
          level,
          now: at,
        };
        const days = Math.round((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000) + 1;
        const prevFrom = addDays(q.from, -days);
        const [rows, realtime] = await Promise.all([reportRows(db, q, prevFrom), realtimeVisitors(db, q)]);
        if (!input.content_id) {
          // Name what the report lists, through each type's owner module.
          const byType = new Map<string, string[]>();
          for (const r of rows) {
            if (r.dim !== "content") continue;
            const type = r.key.slice(0, r.key.indexOf(":"));
            const list = byType.get(type) ?? [];
            list.push(r.key.slice(type.length + 1));
            byType.set(type, list);
          }
          await Promise.all(
            [...byType].map(async ([type, ids]) => {
              const resolver = (REPORT_CONTENT_TYPES as readonly string[]).includes(type)
                ? names.get(type)
                : undefined;
              if (!resolver) return;
              const named = await resolver([...new Set(ids)], auth).catch(() => new Map<string, string>());
              for (const [id, name] of named) thingNames.set(`${type}:${id}`, name);
            }),
          );
        }
        return buildSummary(rows, q, prevFrom, realtime, { things: thingNames, annotations, motionSteps });
      }),
    ],
    async start() {
      if (options.rollupTimer === false) return;
      const loop = () => {
        if (isStopped) return;
        timer = setTimeout(() => {
          running = tick().finally(loop);
        }, ROLLUP_EVERY_MS);
        timer.unref?.();
      };
      // First run soon after start, then every 10 minutes.
      timer = setTimeout(() => {
        running = tick().finally(loop);
      }, 5_000);
      timer.unref?.();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await writer.stop();
    },
  };
}
