/**
 * What the sharing verbs need (the other modules through ports), and the pieces several of them
 * use: the owner's plan level, the cached parts of a resolve, removing links and sealed blobs.
 */
import { AppError, planLevel, type TPlanLevel, type TUserInfo } from "@vitrine/contract";
import type { FastifyBaseLogger } from "fastify";
import type { TBlobStore, TDrizzle, TRateLimiter } from "../../platform/types";
import type { TContentService, TContentVisitorView } from "../content/service";
import type { TAccessCounter } from "./access-counter";
import type { TUnlockTokens } from "./cookies";
import type { TLinkFiles } from "./link-files";
import { deleteLinks, findLink, type TShareLinkRow, usedSealedKeys } from "./queries";
import type { TVersionedCache } from "./resolve-cache";

/** The rate-limit bucket of password tries (per link and IP). */
export const UNLOCK_BUCKET = "sharelink-unlock";

/** What the sharing service needs of the content module. */
export type TSharingContentPort = Pick<
  TContentService,
  "ownContent" | "visitorView" | "addView" | "onContentsDeleted" | "onContentsChanged"
>;

/** What the sharing service needs of the channels module. */
export interface TSharingChannelsPort {
  /** The owner id of a channel; null for an unknown one. */
  channelOwner(channelId: string): Promise<string | null>;
  /** An owner's channel as visitors name it (original language); null while there is none. */
  channelOfOwner(ownerId: string): Promise<{ id: string; name: string } | null>;
}

/** What the sharing service needs of the accounts module. */
export interface TSharingAccountsPort {
  userInfo(userId: string): Promise<TUserInfo>;
}

/** Who is visiting, as the request tells it (for the analytics module's daily hash). */
export interface TVisitor {
  ip: string;
  userAgent: string;
}

/** What the sharing service needs of the analytics module: daily visitor hashes. */
export interface TSharingVisitorsPort {
  /**
   * Records that the visitor was seen today for `subject` (say `view:<content id>`); true only
   * the first time today, also when several calls arrive at once.
   */
  firstToday(visitor: TVisitor, ownerId: string, subject: string): Promise<boolean>;
}

/** The sharing service's dependencies. */
export interface TSharingDeps {
  db: TDrizzle;
  blobs: TBlobStore;
  rateLimits: TRateLimiter;
  logger: FastifyBaseLogger;
  content: TSharingContentPort;
  channels: TSharingChannelsPort;
  accounts: TSharingAccountsPort;
  tokens: TUnlockTokens;
  linkFiles: TLinkFiles;
  visitors: TSharingVisitorsPort;
  /** What resolve reads that does not change per visit (resolve-cache.ts). */
  cache: TVersionedCache<TResolveParts>;
  /** Counts accesses: limited links at once, unlimited ones written behind (access-counter.ts). */
  counter: TAccessCounter;
  now: () => Date;
}

/** What a resolve needs besides counting: the link, its content, the owner (null: gone). */
export interface TResolveParts {
  link: TShareLinkRow;
  view: TContentVisitorView;
  owner: TUserInfo | null;
  /** The owner's channel, which names the publisher; null while there is none. */
  channel: { id: string; name: string } | null;
}

/** Cache version keys of a link, a content and an owner. */
export const cacheKeys = {
  link: (url: string) => `link:${url}`,
  content: (id: string) => `content:${id}`,
  owner: (id: string) => `owner:${id}`,
};

/** The level a user's plan gives now. */
export function levelOf(info: TUserInfo, now: Date): TPlanLevel {
  return planLevel(
    { active_plane: info.active_plane, payment_status: info.plane_info.subscribed, trial: info.trial },
    now,
  );
}

/** The owner's account info; null when the account is gone. */
export async function ownerInfo(accounts: TSharingAccountsPort, ownerId: string): Promise<TUserInfo | null> {
  try {
    return await accounts.userInfo(ownerId);
  } catch (error) {
    if (error instanceof AppError && error.code === "userNotFound") return null;
    throw error;
  }
}

/** The level of the owner's plan now; null when the account is gone. */
export async function ownerLevel(
  deps: Pick<TSharingDeps, "accounts" | "now">,
  ownerId: string,
): Promise<TPlanLevel | null> {
  const info = await ownerInfo(deps.accounts, ownerId);
  return info ? levelOf(info, deps.now()) : null;
}

/** The link, its content and owner: cached until one of them changes (resolve-cache.ts). */
export function partsOf(
  deps: Pick<TSharingDeps, "db" | "cache" | "content" | "accounts" | "channels">,
  url: string,
): Promise<TResolveParts | null> {
  const { db, cache, content, accounts, channels } = deps;
  return cache.get(url, async (versionsOf) => {
    await versionsOf([cacheKeys.link(url)]);
    const link = await findLink(db, url);
    if (!link) return null;
    await versionsOf([cacheKeys.content(link.contentId), cacheKeys.owner(link.ownerId)]);
    const [view, owner, channel] = await Promise.all([
      content.visitorView(link.contentId),
      ownerInfo(accounts, link.ownerId),
      channels.channelOfOwner(link.ownerId),
    ]);
    return view ? { link, view, owner, channel } : null;
  });
}

/** Deletes sealed blobs no remaining link names. */
export async function removeUnusedSealed(
  deps: Pick<TSharingDeps, "db" | "blobs" | "logger">,
  keys: readonly string[],
): Promise<void> {
  const unique = [...new Set(keys)];
  const used = await usedSealedKeys(deps.db, unique);
  for (const key of unique) {
    if (used.has(key)) continue;
    try {
      await deps.blobs.delete(key);
    } catch (error) {
      deps.logger.warn(
        { key, err: error instanceof Error ? error.message : String(error) },
        "sealed blob not removed",
      );
    }
  }
}

/** Deletes links, drops their cached copies and the sealed blobs no other link names. */
export async function removeRows(
  deps: Pick<TSharingDeps, "db" | "blobs" | "logger" | "cache">,
  rows: readonly TShareLinkRow[],
): Promise<void> {
  const deleted = await deleteLinks(
    deps.db,
    rows.map((r) => r.url),
  );
  await deps.cache.invalidate(deleted.map((r) => cacheKeys.link(r.url)));
  await removeUnusedSealed(
    deps,
    deleted.flatMap((r) => (r.sealedKey ? [r.sealedKey] : [])),
  );
}
