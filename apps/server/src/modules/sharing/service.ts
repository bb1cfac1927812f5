/**
 * The sharing service: the owner's share links, what a visitor gets through a link, view and
 * channel-inflow counting, and what link previews may show. It composes `links.ts` (create,
 * sealed create, list, delete), `visits.ts` (resolve with the password gate, monthly access
 * limit and branding; unlock; link files; previews) and `counting.ts` (views and inflows) over
 * `deps.ts` (the ports, the owner's level, the cached parts of a resolve, link removal) and
 * `docs.ts` (a link as the calls answer it, what a plan gives).
 *
 * Every owner path goes through the content service's `ownContent`, so another owner's content
 * or link answers `notFound` and is never touched. Limits are those of the content owner's plan.
 */

import { createVisitCounting, type TVisitCounting } from "./counting";
import { cacheKeys, removeRows, type TSharingDeps } from "./deps";
import { createShareLinks, type TShareLinks } from "./links";
import { deleteInflows, linksOfContents, linksOfOwner } from "./queries";
import { createLinkVisits, type TLinkVisits } from "./visits";

export {
  cacheKeys,
  levelOf,
  type TResolveParts,
  type TSharingAccountsPort,
  type TSharingChannelsPort,
  type TSharingContentPort,
  type TSharingDeps,
  type TSharingVisitorsPort,
  type TVisitor,
  UNLOCK_BUCKET,
} from "./deps";
export { allowanceOf, brandingOf, newSharelinkUrl, publisherOf } from "./docs";
export type { TSealedFile } from "./links";
export type { TLinkPreview } from "./visits";

/** The sharing service. */
export interface TSharingService extends TShareLinks, TLinkVisits, TVisitCounting {
  /** Deletes the links (and sealed blobs) of contents that were deleted. */
  removeContents(contentIds: string[]): Promise<void>;
  /** Deletes every link of an owner (account deleted). */
  removeOwner(ownerId: string): Promise<void>;
  /** Drops cached copies of contents that changed (every instance). */
  contentsChanged(contentIds: string[]): Promise<void>;
  /** Drops cached copies of an owner whose plan changed (every instance). */
  ownerChanged(ownerId: string): Promise<void>;
}

/** Creates the sharing service. */
export function createSharingService(deps: TSharingDeps): TSharingService {
  const { db, cache } = deps;
  return {
    ...createShareLinks(deps),
    ...createLinkVisits(deps),
    ...createVisitCounting(deps),

    async removeContents(contentIds) {
      await removeRows(deps, await linksOfContents(db, contentIds));
      await deleteInflows(db, contentIds);
    },

    async removeOwner(ownerId) {
      await removeRows(deps, await linksOfOwner(db, ownerId));
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
