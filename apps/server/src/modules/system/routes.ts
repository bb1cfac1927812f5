/** The system module: liveness calls that run through the full dispatcher (tests, benchmark). */
import { echoCall, pingCall } from "@vitrine/contract";
import { bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";

/** Creates the system module (`ping`, `echo`). */
export function createSystemModule(_platform: TPlatform): TModule {
  return {
    name: "system",
    calls: [
      bindCall(pingCall, async () => ({ pong: true as const, time: new Date().toISOString() })),
      bindCall(echoCall, async (input) => ({ message: input.message })),
    ],
  };
}
