/**
 * The owner's content limit (`content.limit_count` of the plan): checked before an upload's body
 * is read, and again inside the create's transaction under the owner's row lock.
 */
import { AppError, countLimit, planLevel } from "@vitrine/contract";
import { count, eq } from "drizzle-orm";
import { contents } from "../../db/schema/content";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TContentAccounts, TContentDeps } from "./deps";

/**
 * Refuses a new content past the owner's plan limit with `planLimit` naming it, and answers that
 * limit for `create` to check again under the owner's row lock.
 */
export async function checkContentRoom(
  deps: Pick<TContentDeps, "db" | "accounts">,
  auth: TAuth,
): Promise<number> {
  const info = await deps.accounts.userInfo(auth.userId);
  const level = planLevel({
    active_plane: info.active_plane,
    payment_status: info.plane_info.subscribed,
    trial: info.trial,
  });
  const max = countLimit(level, "content");
  await roomIn(deps.db, auth.userId, max);
  return max;
}

/** `planLimit` when the owner already holds `max` contents (counted in `handle`). */
async function roomIn(handle: TDrizzle, ownerId: string, max: number): Promise<void> {
  const [held] = await handle.select({ n: count() }).from(contents).where(eq(contents.ownerId, ownerId));
  if ((held?.n ?? 0) >= max) {
    throw new AppError("planLimit", {
      message: `Your plan's limit is reached: up to ${max} contents. Upgrade your plan to add more.`,
      data: { limit: "content", max },
    });
  }
}

/**
 * Inside a create's transaction: locks the owner's row (the accounts service's `lockUser`, held
 * to the commit) and counts again, so two creates at the limit run one after the other and the
 * second sees the first's row. (PGlite has one connection: transactions never overlap there.)
 */
export async function claimRoom(
  accounts: TContentAccounts,
  tx: TDrizzle,
  ownerId: string,
  max: number | undefined,
): Promise<void> {
  if (max === undefined) return;
  await accounts.lockUser(tx, ownerId);
  await roomIn(tx, ownerId, max);
}
