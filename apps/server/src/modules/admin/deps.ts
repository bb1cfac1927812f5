/** What the console's verbs need, and the small pieces several of them use. */
import { ADMIN_PAGE_SIZE } from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import type { TDrizzle } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TChannelsService } from "../channels/service";
import type { TContentService } from "../content/service";

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** What the admin service needs. */
export interface TAdminDeps {
  db: TDrizzle;
  audit: TAuditService;
  accounts: Pick<TAccountsService, "operators" | "supers" | "setPlanIn" | "planChanged">;
  content: Pick<TContentService, "operators">;
  channels: Pick<TChannelsService, "channelOfOwner">;
  now: () => Date;
}

/** A page of a console list. */
export interface TAdminPage<T> {
  docs: T[];
  page: number;
  page_size: number;
  total: number;
}

/** The first row of a console page. */
export function offsetOf(page: number): number {
  return (page - 1) * ADMIN_PAGE_SIZE;
}

/** A date as the contract writes it, or null. */
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
