/** Analytics module: binds the contract's log call to the batch writer. */
import { addOriginLogCall } from "@vitrine/contract";
import { bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import { createViewLogWriter } from "./service";

/** Creates the analytics module; its `stop()` writes every buffered log. */
export function createAnalyticsModule(platform: TPlatform): TModule {
  const writer = createViewLogWriter(platform.database.db, {
    flushMs: platform.config.logFlushMs,
    logger: platform.logger,
  });
  return {
    name: "analytics",
    calls: [
      bindCall(addOriginLogCall, async (input, ctx) => {
        writer.record(input, ctx.userAgent);
        return { accepted: true as const };
      }),
    ],
    stop: () => writer.stop(),
  };
}
