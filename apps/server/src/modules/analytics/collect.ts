/**
 * Collecting view logs (issue 11): a beacon's rows, from a visitor who is not a bot, become
 * stored rows — user agent parsed, referrer reduced to an inflow source, the daily visitor hash
 * instead of any IP — written before the call is answered (`log-writer.ts`).
 */
import type { TViewLog } from "@vitrine/contract";
import { inflowOf, isBotAgent, parseAgent } from "./intake";
import { newLogId, type TViewLogWriter } from "./log-writer";
import type { TNewViewLog } from "./queries";
import type { TVisitorDays } from "./visitor-hash";

/** Where a beacon came from. */
export interface TBeaconSource {
  ip: string;
  userAgent: string;
  /** The host the request was sent to (an inflow from it is internal). */
  requestHost: string;
}

/** Stores a beacon's rows (nothing of a bot's); resolves once they are written. */
export type TCollect = (logs: TViewLog[], source: TBeaconSource) => Promise<void>;

/** Creates the collector; `publicUrl`'s host counts as the site's own, as the request's does. */
export function createCollect(deps: {
  visitors: Pick<TVisitorDays, "hashOf">;
  writer: Pick<TViewLogWriter, "record">;
  publicUrl: string;
  now: () => Date;
}): TCollect {
  const { visitors, writer, now } = deps;
  let ownHost: string | null = null;
  try {
    ownHost = new URL(deps.publicUrl).hostname.toLowerCase();
  } catch {
    ownHost = null;
  }

  async function toRows(logs: TViewLog[], source: TBeaconSource): Promise<TNewViewLog[]> {
    const { ip, userAgent, requestHost } = source;
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

  return async (logs, source) => {
    // Crawlers and scripts are answered as anyone else, and nothing of theirs is kept.
    if (isBotAgent(source.userAgent)) return;
    await writer.record(await toRows(logs, source));
  };
}
