/** Analytics module: binds the contract's log call to the batch writer. */
import { addOriginLogCall } from "@vitrine/contract";
import { bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import { createViewLogWriter } from "./service";
import { createVisitorDays, type TVisitorDays } from "./visitor-hash";

/** The analytics module and its daily visitor hashes (used by sharing, the dashboard later). */
export type TAnalyticsModule = TModule & { visitors: TVisitorDays };

/** Creates the analytics module; its `stop()` waits for the logs being written. */
export function createAnalyticsModule(
  platform: TPlatform,
  options: { now?: () => Date } = {},
): TAnalyticsModule {
  const visitors = createVisitorDays(platform.database.db, {
    now: options.now ?? (() => new Date()),
    logger: platform.logger,
  });
  const writer = createViewLogWriter(platform.database.db, { logger: platform.logger });
  return {
    name: "analytics",
    visitors,
    calls: [
      bindCall(
        addOriginLogCall,
        async (input, ctx) => {
          // Answered only once the row is stored, so "accepted" survives a crash.
          await writer.record(input, ctx.userAgent);
          return { accepted: true as const };
        },
        // Page timing sends `view_end` with sendBeacon as the page goes away.
        { acceptsBeacon: true },
      ),
    ],
    stop: () => writer.stop(),
  };
}
