/**
 * Reading a `planLimit` answer (SPEC §6): which limit stopped an action and its maximum, for the
 * notice that says so. Every screen that saves something a plan counts reads it the same way.
 */
import { CODES, type TCallResult } from "@vitrine/contract";

/** What a `planLimit` answer names. */
export interface TPlanLimitAnswer {
  /** The limit's name (`annotation`, `annotation_image`, …), or null when the server named none. */
  limit: string | null;
  /** Its maximum at the user's level, when given. */
  max: number | null;
}

/** Reads a `planLimit` answer (`data.limit`, `data.max`); null for any other answer. */
export function planLimitOf(
  result: Pick<TCallResult<unknown>, "rescode" | "data" | "status">,
): TPlanLimitAnswer | null {
  if (result.status || result.rescode !== CODES.planLimit.rescode) return null;
  const data: unknown = result.data;
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  return {
    limit: typeof record.limit === "string" ? record.limit : null,
    max: typeof record.max === "number" && Number.isFinite(record.max) ? record.max : null,
  };
}
