/**
 * The admin service (issue 12): the verbs of the operators' console. Accounts, contents and
 * channels are reached through their services; every action writes one audit row. It composes
 * `audit-log.ts` (the log and the console home), `users.ts` (search, detail, trial, plan,
 * suspension), `supers.ts` (super accounts) and `contents.ts` (finding contents).
 */
import { createAuditLog, type TAuditLog } from "./audit-log";
import { createContentFinder, type TContentFinder } from "./contents";
import type { TAdminDeps } from "./deps";
import { createAdminSupers, type TAdminSupers } from "./supers";
import { createAdminUsers, type TAdminUsers } from "./users";

export type { TAdminOverview } from "./audit-log";
export type { TAdminDeps, TAdminPage } from "./deps";

/** The console's verbs. Each action takes the acting super account and a reason. */
export interface TAdminService extends TAuditLog, TAdminUsers, TAdminSupers, TContentFinder {}

/** Creates the admin service. */
export function createAdminService(deps: TAdminDeps): TAdminService {
  return {
    ...createAuditLog(deps),
    ...createAdminUsers(deps),
    ...createAdminSupers(deps),
    ...createContentFinder(deps),
  };
}
