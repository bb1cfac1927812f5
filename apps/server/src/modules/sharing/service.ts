/**
 * The sharing service: the owner's share links (create, sealed create, list, delete), what a
 * visitor gets through a link (password gate, monthly access limit, branding), unlocking a
 * password link, view and channel-inflow counting, and what link previews may show.
 *
 * Every owner path goes through the content service's `ownContent`, so another owner's content
 * or link answers `notFound` and is never touched. Limits are those of the content owner's plan.
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import {
  AppError,
  countLimit,
  PLAN_LIMITS,
  planLevel,
  SHARE_LINK_URL_LENGTH,
  type TBranding,
  type TPlanLevel,
  type TSharedContent,
  type TSharedDoc,
  type TShareLinkAllowance,
  type TShareLinkDoc,
  type TSharePublisher,
  type TUserInfo,
} from "@vitrine/contract";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { shareLinks } from "../../db/schema/sharing";
import type { TAuth, TBlobStore, TDrizzle, TRateLimiter } from "../../platform/types";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../accounts/passwords";
import type { TVisitor, TVisitorDays } from "../analytics/visitor-hash";
import { blobUrl } from "../content/index";
import type { TContentRow, TContentService, TContentVisitorView } from "../content/service";
import type { TAccessCounter } from "./access-counter";
import type { TUnlockTokens } from "./cookies";
import { blobKeysIn, mapBlobUrls, type TLinkFiles, type TScopedKey } from "./link-files";
import {
  addInflow,
  countLinks,
  deleteInflows,
  deleteLinks,
  findLink,
  linksOfContent,
  linksOfContents,
  linksOfOwner,
  monthAccesses,
  monthOf,
  type TShareLinkRow,
  usedSealedKeys,
} from "./queries";
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
  visitors: TVisitorDays;
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

/** Seconds a sealed link's scoped URL is valid at least (rounded up to the hour so it caches). */
const SEALED_FILE_SECONDS = 60 * 60;

/** A received sealed snapshot, still in the upload temp folder. */
export interface TSealedFile {
  path: string;
  size: number;
  sha256: string;
}

/** What a link preview (Open Graph, oEmbed) may show; never counts an access. */
export interface TLinkPreview {
  sharelinkUrl: string;
  /** Open links only: protected links show nothing of their content. */
  isProtected: boolean;
  /** The content title, or null for a protected link. */
  title: string | null;
  /** Path of the thumbnail (`/blobs/…`), or null. */
  thumbnailUrl: string | null;
}

/** The sharing service. */
export interface TSharingService {
  create(auth: TAuth, contentId: string, password: string | undefined): Promise<TShareLinkDoc>;
  createSealed(auth: TAuth, contentId: string, file: TSealedFile): Promise<TShareLinkDoc>;
  list(auth: TAuth, contentId: string): Promise<{ docs: TShareLinkDoc[]; allowance: TShareLinkAllowance }>;
  remove(auth: TAuth, sharelinkUrl: string): Promise<void>;
  /** What a visitor gets; `unlockToken` is the link's unlock cookie when the visitor has one. */
  resolve(sharelinkUrl: string, unlockToken: string | undefined): Promise<TSharedDoc>;
  /** Checks a password; answers the unlock token to set as cookie, or null for a link without one. */
  unlock(sharelinkUrl: string, password: string, ip: string): Promise<string | null>;
  /**
   * Counts a view of a ready content (`notFound` when there is none) unless this visitor's daily
   * hash was counted for it today; true when counted.
   */
  countVisit(contentId: string, visitor: TVisitor): Promise<boolean>;
  /**
   * Checks the content is public and ready on its owner's channel `channelId` (else `notFound`);
   * counts the channel inflow and (when `withView`) a
   * view, each once per visitor's daily hash; true when the inflow was counted.
   */
  countInflow(contentId: string, channelId: string, withView: boolean, visitor: TVisitor): Promise<boolean>;
  preview(sharelinkUrl: string): Promise<TLinkPreview | null>;
  /** The real blob key a link-scoped URL stands for, while its link exists and it has not expired. */
  linkFile(scoped: TScopedKey): Promise<string | null>;
  /** Deletes the links (and sealed blobs) of contents that were deleted. */
  removeContents(contentIds: string[]): Promise<void>;
  /** Deletes every link of an owner (account deleted). */
  removeOwner(ownerId: string): Promise<void>;
  /** Drops cached copies of contents that changed (every instance). */
  contentsChanged(contentIds: string[]): Promise<void>;
  /** Drops cached copies of an owner whose plan changed (every instance). */
  ownerChanged(ownerId: string): Promise<void>;
}

/** A new link name: base64url of 24 random bytes (32 characters). */
export function newSharelinkUrl(): string {
  const url = randomBytes(24).toString("base64url");
  if (url.length !== SHARE_LINK_URL_LENGTH) throw new Error("share link name of the wrong length");
  return url;
}

/** The level a user's plan gives now. */
export function levelOf(info: TUserInfo, now: Date): TPlanLevel {
  return planLevel(
    { active_plane: info.active_plane, payment_status: info.plane_info.subscribed, trial: info.trial },
    now,
  );
}

/**
 * How visitors see who shared a content: the owner's channel, linked, when there is one. With no
 * channel the name stays empty (the page shows no byline): accounts have no public name, and the
 * e-mail ID is a sign-in name, never published. `owner_id` goes into page-view rows.
 */
export function publisherOf(ownerId: string, channel: { id: string; name: string } | null): TSharePublisher {
  return channel
    ? { owner_id: ownerId, name: channel.name.slice(0, 80), href: `/Channel/${channel.id}` }
    : { owner_id: ownerId, name: "", href: null };
}

/** The branding visitors see around an owner's content. */
export function brandingOf(level: TPlanLevel): TBranding {
  const platform = PLAN_LIMITS[level].platform;
  return { show_logo: !platform.remove_platform_logo, show_ads: !platform.remove_platform_ads };
}

/** What an owner's plan allows for the links of one content. */
export function allowanceOf(level: TPlanLevel): TShareLinkAllowance {
  const sharing = PLAN_LIMITS[level].sharing;
  return {
    limit: countLimit(level, "sharelink"),
    can_password: sharing.enable_password,
    month_limit: sharing.monthly_access_limit,
  };
}

function toDoc(row: TShareLinkRow, monthAccess: number, monthLimit: number | null): TShareLinkDoc {
  return {
    sharelink_url: row.url,
    content_id: row.contentId,
    kind: row.kind,
    month_access: monthAccess,
    month_limit: monthLimit,
    total_access: row.totalAccess,
    sealed_bytes: row.kind === "sealed" ? (row.sealedBytes ?? 0) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Creates the sharing service. */
export function createSharingService(deps: TSharingDeps): TSharingService {
  const {
    db,
    blobs,
    rateLimits,
    logger,
    content,
    channels,
    accounts,
    tokens,
    linkFiles,
    visitors,
    cache,
    counter,
    now,
  } = deps;

  async function ownerInfo(ownerId: string): Promise<TUserInfo | null> {
    try {
      return await accounts.userInfo(ownerId);
    } catch (error) {
      if (error instanceof AppError && error.code === "userNotFound") return null;
      throw error;
    }
  }

  async function ownerLevel(ownerId: string): Promise<TPlanLevel | null> {
    const info = await ownerInfo(ownerId);
    return info ? levelOf(info, now()) : null;
  }

  /** The link, its content and owner: cached until one of them changes (resolve-cache.ts). */
  function partsOf(url: string): Promise<TResolveParts | null> {
    return cache.get(url, async (versionsOf) => {
      await versionsOf([cacheKeys.link(url)]);
      const link = await findLink(db, url);
      if (!link) return null;
      await versionsOf([cacheKeys.content(link.contentId), cacheKeys.owner(link.ownerId)]);
      const [view, owner, channel] = await Promise.all([
        content.visitorView(link.contentId),
        ownerInfo(link.ownerId),
        channels.channelOfOwner(link.ownerId),
      ]);
      return view ? { link, view, owner, channel } : null;
    });
  }

  /** The caller's ready content and its owner's level. */
  async function shareableContent(
    auth: TAuth,
    contentId: string,
  ): Promise<{ row: TContentRow; level: TPlanLevel }> {
    const row = await content.ownContent(auth, contentId);
    if (row.status !== "ready") throw new AppError("contentNotReady");
    const level = await ownerLevel(row.ownerId);
    if (!level) throw new AppError("notFound");
    return { row, level };
  }

  function checkLimit(level: TPlanLevel, current: number): void {
    if (current >= countLimit(level, "sharelink")) {
      throw new AppError("planLimit", { data: { limit: "sharelink" } });
    }
  }

  /**
   * Inserts a link once the content's count allows it. An advisory lock per content makes
   * concurrent creates wait for each other, so two of them never both take the last place.
   */
  async function insertLink(
    level: TPlanLevel,
    values: Omit<typeof shareLinks.$inferInsert, "url" | "createdAt">,
  ): Promise<TShareLinkRow> {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sharelink:${values.contentId}`}))`);
      checkLimit(level, await countLinks(tx, values.contentId));
      const [created] = await tx
        .insert(shareLinks)
        .values({ ...values, url: newSharelinkUrl(), createdAt: now() })
        .returning();
      return created;
    });
    if (!row) throw new Error("share link insert returned no row");
    return row;
  }

  /** Deletes sealed blobs no remaining link names. */
  async function removeUnusedSealed(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    const used = await usedSealedKeys(db, unique);
    for (const key of unique) {
      if (used.has(key)) continue;
      try {
        await blobs.delete(key);
      } catch (error) {
        logger.warn(
          { key, err: error instanceof Error ? error.message : String(error) },
          "sealed blob not removed",
        );
      }
    }
  }

  async function removeRows(rows: readonly TShareLinkRow[]): Promise<void> {
    const deleted = await deleteLinks(
      db,
      rows.map((r) => r.url),
    );
    await cache.invalidate(deleted.map((r) => cacheKeys.link(r.url)));
    await removeUnusedSealed(deleted.flatMap((r) => (r.sealedKey ? [r.sealedKey] : [])));
  }

  /** A ready content visitors may see (public when asked), else `notFound`. */
  async function visitable(
    contentId: string,
    mustBePublic: boolean,
  ): Promise<TContentVisitorView & { modelUrl: string }> {
    const view = await content.visitorView(contentId);
    if (view?.status !== "ready" || !view.modelUrl) throw new AppError("notFound");
    if (mustBePublic && !view.isPublic) throw new AppError("notFound");
    return { ...view, modelUrl: view.modelUrl };
  }

  return {
    async create(auth, contentId, password) {
      const { row, level } = await shareableContent(auth, contentId);
      if (password !== undefined && !PLAN_LIMITS[level].sharing.enable_password) {
        throw new AppError("sharePasswordPlan");
      }
      // Checked before hashing too, so a full content costs no argon2 run.
      checkLimit(level, await countLinks(db, row.id));
      const passwordHash = password === undefined ? null : await hashPassword(password);
      const created = await insertLink(level, {
        contentId: row.id,
        ownerId: row.ownerId,
        kind: passwordHash ? "password" : "open",
        passwordHash,
      });
      return toDoc(created, 0, PLAN_LIMITS[level].sharing.monthly_access_limit);
    },

    async createSealed(auth, contentId, file) {
      const { row, level } = await shareableContent(auth, contentId);
      checkLimit(level, await countLinks(db, row.id));
      const key = `${file.sha256}.sealed`;
      if ((await blobs.head(key)) === null) {
        await blobs.put(key, createReadStream(file.path), { contentType: "application/octet-stream" });
      }
      let created: TShareLinkRow;
      try {
        created = await insertLink(level, {
          contentId: row.id,
          ownerId: row.ownerId,
          kind: "sealed",
          sealedKey: key,
          sealedBytes: file.size,
        });
      } catch (error) {
        await removeUnusedSealed([key]);
        throw error;
      }
      return toDoc(created, 0, PLAN_LIMITS[level].sharing.monthly_access_limit);
    },

    async list(auth, contentId) {
      const row = await content.ownContent(auth, contentId);
      const level = (await ownerLevel(row.ownerId)) ?? "basic";
      const links = await linksOfContent(db, row.id);
      const month = await monthAccesses(
        db,
        links.map((l) => l.url),
        monthOf(now()),
      );
      const monthLimit = PLAN_LIMITS[level].sharing.monthly_access_limit;
      return {
        docs: links.map((link) => toDoc(link, month.get(link.url) ?? 0, monthLimit)),
        allowance: allowanceOf(level),
      };
    },

    async remove(auth, sharelinkUrl) {
      const link = await findLink(db, sharelinkUrl);
      if (!link) throw new AppError("notFound");
      // Throws notFound for another owner's content, so their links are never touched.
      await content.ownContent(auth, link.contentId);
      await removeRows([link]);
    },

    async resolve(sharelinkUrl, unlockToken) {
      const parts = await partsOf(sharelinkUrl);
      if (!parts) throw new AppError("notFound");
      const { link, view: row } = parts;
      if (row.status !== "ready" || !row.modelUrl) throw new AppError("notFound");
      const view = { ...row, modelUrl: row.modelUrl };
      const level = parts.owner ? levelOf(parts.owner, now()) : null;
      if (!level || !parts.owner) throw new AppError("notFound");
      const publisher = publisherOf(parts.owner.user_id, parts.channel);
      const unlockedUntil = tokens.expiryOf(unlockToken, link.url, now());
      if (link.kind === "password" && unlockedUntil === null) {
        throw new AppError("sharePasswordRequired");
      }
      const limit = PLAN_LIMITS[level].sharing.monthly_access_limit;
      if (!(await counter.count(link.url, monthOf(now()), limit))) {
        throw new AppError("shareLinkMonthlyLimit");
      }
      const branding = brandingOf(level);
      if (link.kind === "sealed") {
        if (!link.sealedKey) throw new AppError("notFound");
        const nowSeconds = Math.floor(now().getTime() / 1000);
        const expires = Math.ceil(nowSeconds / 3600) * 3600 + SEALED_FILE_SECONDS;
        return {
          kind: "sealed",
          sharelink_url: link.url,
          sealed_url: blobUrl(linkFiles.scope(link.url, link.sealedKey, expires)),
          sealed_bytes: link.sealedBytes ?? 0,
          branding,
          publisher,
        };
      }
      const shared: TSharedContent = {
        content_id: view.contentId,
        title: view.title,
        model_url: view.modelUrl,
        thumbnail_url: view.thumbnailUrl,
        build: view.build,
        specification: view.specification,
        dimensions: view.dimensions,
        views: view.views,
      };
      return {
        kind: "content",
        sharelink_url: link.url,
        // A password link's files go under keys scoped to it, valid as long as its unlock.
        content:
          unlockedUntil !== null && link.kind === "password"
            ? mapBlobUrls(shared, (key) => linkFiles.scope(link.url, key, unlockedUntil))
            : shared,
        branding,
        publisher,
      };
    },

    async linkFile(scoped) {
      if (scoped.expires * 1000 <= now().getTime()) return null;
      const parts = await partsOf(scoped.sharelinkUrl);
      if (!parts) return null;
      const { link, view } = parts;
      if (link.kind === "sealed") return link.sealedKey ? linkFiles.match(scoped, [link.sealedKey]) : null;
      if (view.status !== "ready") return null;
      const keys = blobKeysIn([view.modelUrl, view.thumbnailUrl, view.build, view.specification]);
      return linkFiles.match(scoped, keys);
    },

    async unlock(sharelinkUrl, password, ip) {
      const bucketKey = `${sharelinkUrl}:${ip}`;
      await rateLimits.consume(UNLOCK_BUCKET, bucketKey);
      const link = await findLink(db, sharelinkUrl);
      if (!link) {
        await verifyAgainstDummy(password);
        throw new AppError("notFound");
      }
      if (link.kind !== "password" || !link.passwordHash) return null;
      if (!(await verifyPassword(link.passwordHash, password))) throw new AppError("sharePasswordWrong");
      await rateLimits.refund(UNLOCK_BUCKET, bucketKey);
      return tokens.issue(link.url, now());
    },

    async countVisit(contentId, visitor) {
      const view = await visitable(contentId, false);
      // The cookie stops a browser that keeps it; the daily hash stops one that does not.
      if (!(await visitors.firstToday(visitor, view.ownerId, `view:${contentId}`))) return false;
      await content.addView(contentId);
      return true;
    },

    async countInflow(contentId, channelId, withView, visitor) {
      const view = await visitable(contentId, true);
      if ((await channels.channelOwner(channelId)) !== view.ownerId) throw new AppError("notFound");
      const isNewInflow = await visitors.firstToday(
        visitor,
        view.ownerId,
        `inflow:${channelId}:${contentId}`,
      );
      if (isNewInflow) await addInflow(db, channelId, contentId);
      if (withView && (await visitors.firstToday(visitor, view.ownerId, `view:${contentId}`))) {
        await content.addView(contentId);
      }
      return isNewInflow;
    },

    async preview(sharelinkUrl) {
      const link = await findLink(db, sharelinkUrl);
      if (!link) return null;
      const view = await content.visitorView(link.contentId);
      if (view?.status !== "ready") return null;
      const isProtected = link.kind !== "open";
      return {
        sharelinkUrl: link.url,
        isProtected,
        title: isProtected ? null : view.title,
        thumbnailUrl: isProtected ? null : view.thumbnailUrl,
      };
    },

    async removeContents(contentIds) {
      await removeRows(await linksOfContents(db, contentIds));
      await deleteInflows(db, contentIds);
    },

    async removeOwner(ownerId) {
      await removeRows(await linksOfOwner(db, ownerId));
      await cache.invalidate([cacheKeys.owner(ownerId)]);
    },

    async contentsChanged(contentIds) {
      await cache.invalidate(contentIds.map(cacheKeys.content));
    },

    async ownerChanged(ownerId) {
      await cache.invalidate([cacheKeys.owner(ownerId)]);
    },
  };
}
