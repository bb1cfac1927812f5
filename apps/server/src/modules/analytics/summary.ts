/**
 * The owner's report (`request_report_summary`): one of their things or the whole report, the
 * plan's limits on breakdowns, the figures (`report.ts`) and the names of what it lists, asked of
 * the modules that own each type of thing (`registerNames`, `registerDetails`).
 */
import {
  AppError,
  PLAN_LIMITS,
  REPORT_CONTENT_TYPES,
  type reportSummaryCall,
  type TCallOutput,
  type TPlanLevel,
  type TReportContentType,
} from "@vitrine/contract";
import type { z } from "zod";
import type { TAuth, TDrizzle } from "../../platform/types";
import { addDays } from "./days";
import { buildSummary, realtimeVisitors, reportRows, type TReportQuery } from "./report";

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

/** What the report call asks (validated by the contract). */
export type TSummaryInput = z.output<(typeof reportSummaryCall)["input"]>;

/** The report's verbs. */
export interface TReportSummaries {
  /** Lets the report name (and check the owner of) things of `type`. */
  registerNames(type: TReportContentType, resolver: TNameResolver): void;
  /** Lets a content's report name its annotations and motion steps. */
  registerDetails(type: TReportContentType, resolver: TDetailResolver): void;
  /** The owner's report; `notFound` for a thing that is not theirs, `planLimit` for a hidden breakdown. */
  summary(auth: TAuth, input: TSummaryInput): Promise<TCallOutput<typeof reportSummaryCall>>;
}

/** Creates the report's verbs; `levelOf` answers an owner's plan level. */
export function createReportSummaries(deps: {
  db: TDrizzle;
  levelOf: (userId: string) => Promise<TPlanLevel>;
  now: () => Date;
}): TReportSummaries {
  const { db, now } = deps;
  const names = new Map<string, TNameResolver>();
  const details = new Map<string, TDetailResolver>();

  /** Names what the report lists, through each type's owner module. */
  async function nameListed(rows: { dim: string; key: string }[], auth: TAuth, into: Map<string, string>) {
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
        for (const [id, name] of named) into.set(`${type}:${id}`, name);
      }),
    );
  }

  return {
    registerNames(type, resolver) {
      names.set(type, resolver);
    },

    registerDetails(type, resolver) {
      details.set(type, resolver);
    },

    async summary(auth, input) {
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
      const level = await deps.levelOf(auth.userId);
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
      if (!input.content_id) await nameListed(rows, auth, thingNames);
      return buildSummary(rows, q, prevFrom, realtime, { things: thingNames, annotations, motionSteps });
    },
  };
}
