/**
 * What a visitor gets through a link: the password gate, the monthly access limit and the
 * owner's branding (`resolve`), unlocking a password link, the files of password and sealed
 * links (`linkFile`), and what a link preview may show (never counted as an access).
 */
import { AppError, PLAN_LIMITS, type TSharedDoc } from "@vitrine/contract";
import { verifyAgainstDummy, verifyPassword } from "../accounts/index";
import { blobUrl, sharedContentDoc } from "../content/index";
import { levelOf, partsOf, type TSharingDeps, UNLOCK_BUCKET } from "./deps";
import { brandingOf, publisherOf } from "./docs";
import { blobKeysIn, mapBlobUrls, type TScopedKey } from "./link-files";
import { findLink, monthOf } from "./queries";

/** Seconds a sealed link's scoped URL is valid at least (rounded up to the hour so it caches). */
const SEALED_FILE_SECONDS = 60 * 60;

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

/** The visitor's verbs on a link. */
export interface TLinkVisits {
  /** What a visitor gets; `unlockToken` is the link's unlock cookie when the visitor has one. */
  resolve(sharelinkUrl: string, unlockToken: string | undefined): Promise<TSharedDoc>;
  /** Checks a password; answers the unlock token to set as cookie, or null for a link without one. */
  unlock(sharelinkUrl: string, password: string, ip: string): Promise<string | null>;
  preview(sharelinkUrl: string): Promise<TLinkPreview | null>;
  /** The real blob key a link-scoped URL stands for, while its link exists and it has not expired. */
  linkFile(scoped: TScopedKey): Promise<string | null>;
}

/** Creates the visitor's verbs on a link. */
export function createLinkVisits(deps: TSharingDeps): TLinkVisits {
  const { db, rateLimits, content, tokens, linkFiles, counter, now } = deps;
  return {
    async resolve(sharelinkUrl, unlockToken) {
      const parts = await partsOf(deps, sharelinkUrl);
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
      const shared = sharedContentDoc(view);
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
      const parts = await partsOf(deps, scoped.sharelinkUrl);
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
  };
}
