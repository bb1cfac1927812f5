/**
 * What the exhibition verbs need, and the lookups they share: which exhibition or booth a verb
 * may touch (another owner's booth answers `notFound`, as a missing one does) and an owner's
 * plan level.
 */
import { AppError, planLevel, type TPlanLevel, type TUserInfo } from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TVisitorDays } from "../analytics/service";
import type { TChannelsService } from "../channels/service";
import type { TContentService } from "../content/service";
import { findBooth, findExhibition, type TBoothRow, type TExhibitionRow } from "./queries";

/** What the exhibition service needs of the content module. */
export type TExhibitionContentPort = Pick<
  TContentService,
  "ownContent" | "visitorView" | "readyContentsByIds" | "ownedUploadUrls"
>;

/** What the exhibition service needs of the channels module. */
export type TExhibitionChannelsPort = Pick<TChannelsService, "publicChannelsOfOwners" | "channelOfOwner">;

/** What the exhibition service needs of the accounts module. */
export interface TExhibitionAccountsPort {
  userInfo(userId: string): Promise<TUserInfo>;
}

/** The exhibition service's dependencies. */
export interface TExhibitionDeps {
  db: TDrizzle;
  content: TExhibitionContentPort;
  channels: TExhibitionChannelsPort;
  accounts: TExhibitionAccountsPort;
  visitors: TVisitorDays;
  /** Console actions (create, edit, publish, slots) are recorded through it. */
  audit: TAuditService;
  now: () => Date;
}

/** The booth colour of a new booth: the channel's brand colour, else the hall's. */
export const DEFAULT_BOOTH_COLOR = "#1c7ed6";

/** The owner's plan level now. */
export async function levelOf(
  deps: Pick<TExhibitionDeps, "accounts" | "now">,
  userId: string,
): Promise<TPlanLevel> {
  const info = await deps.accounts.userInfo(userId);
  return planLevel(
    { active_plane: info.active_plane, payment_status: info.plane_info.subscribed, trial: info.trial },
    deps.now(),
  );
}

/** Any exhibition; `notFound` when there is none. */
export async function anyExhibition(db: TDrizzle, exhibitionId: string): Promise<TExhibitionRow> {
  const row = await findExhibition(db, exhibitionId);
  if (!row) throw new AppError("notFound");
  return row;
}

/** A published exhibition; `notFound` otherwise. */
export async function publishedExhibition(db: TDrizzle, exhibitionId: string): Promise<TExhibitionRow> {
  const row = await findExhibition(db, exhibitionId);
  if (!row?.published) throw new AppError("notFound");
  return row;
}

/** A booth visitors may see: active, in a published exhibition; `notFound` otherwise. */
export async function visibleBooth(
  db: TDrizzle,
  boothId: string,
): Promise<{ row: TBoothRow; exhibition: TExhibitionRow }> {
  const row = await findBooth(db, boothId);
  if (row?.status !== "active") throw new AppError("notFound");
  const exhibition = await findExhibition(db, row.exhibitionId);
  if (!exhibition?.published) throw new AppError("notFound");
  return { row, exhibition };
}

/** The caller's booth; someone else's answers exactly like a missing one. */
export async function ownBooth(db: TDrizzle, auth: TAuth, boothId: string): Promise<TBoothRow> {
  const row = await findBooth(db, boothId);
  if (!row || row.ownerId !== auth.userId) throw new AppError("notFound");
  return row;
}

/** Any booth; `notFound` when there is none. */
export async function anyBooth(db: TDrizzle, boothId: string): Promise<TBoothRow> {
  const row = await findBooth(db, boothId);
  if (!row) throw new AppError("notFound");
  return row;
}

/** Writes the audit row of an operator's action on an exhibition or a booth. */
export function auditAction(
  deps: Pick<TExhibitionDeps, "audit">,
  actor: TAuth,
  action: string,
  target: { type: "exhibition" | "booth"; id: string },
  before: object | null,
  after: object | null,
): Promise<void> {
  return deps.audit.audit({
    actorId: actor.userId,
    action,
    targetType: target.type,
    targetId: target.id,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  });
}
