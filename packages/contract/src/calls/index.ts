/** Every declared call, by module. The server registers all of them; docs/api.md lists them. */
import type { TCall } from "../call";
import { addOriginLogCall } from "./analytics";
import { echoCall, pingCall } from "./system";

export * from "./analytics";
export * from "./platform-config";
export * from "./realtime";
export * from "./system";

/** All calls, in documentation order. */
export const ALL_CALLS: readonly TCall[] = [pingCall, echoCall, addOriginLogCall];
