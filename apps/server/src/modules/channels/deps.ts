/** What the channels verbs need, and the owner check every owner path goes through. */
import { AppError, type TUserInfo } from "@vitrine/contract";
import type { TAuth, TDrizzle } from "../../platform/types";
import type { TVisitorDays } from "../analytics/service";
import type { TContentService } from "../content/service";
import { findChannel, type TChannelRow } from "./queries";
import type { TTranslator } from "./translation";

/** What the channels service needs of the content module. */
export type TChannelsContentPort = Pick<
  TContentService,
  | "ownContent"
  | "list"
  | "update"
  | "visitorView"
  | "publicContents"
  | "publicContentsByIds"
  | "ownersWithPublicContent"
  | "ownedImageUrls"
  | "onContentsDeleted"
>;

/** What the channels service needs of the accounts module. */
export interface TChannelsAccountsPort {
  userInfo(userId: string): Promise<TUserInfo>;
}

/** The channels service's dependencies. */
export interface TChannelsDeps {
  db: TDrizzle;
  content: TChannelsContentPort;
  accounts: TChannelsAccountsPort;
  translator: TTranslator;
  visitors: TVisitorDays;
  now: () => Date;
}

/** The caller's channel; someone else's answers exactly like a missing one (`notFound`). */
export async function ownChannel(db: TDrizzle, auth: TAuth, channelId: string): Promise<TChannelRow> {
  const row = await findChannel(db, channelId);
  if (!row || row.ownerId !== auth.userId) throw new AppError("notFound");
  return row;
}
