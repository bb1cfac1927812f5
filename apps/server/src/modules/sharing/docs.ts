/** A link as the owner's calls answer it, and what an owner's plan gives visitors and links. */

import { randomBytes } from "node:crypto";
import {
  countLimit,
  PLAN_LIMITS,
  SHARE_LINK_URL_LENGTH,
  type TBranding,
  type TPlanLevel,
  type TShareLinkAllowance,
  type TShareLinkDoc,
  type TSharePublisher,
} from "@vitrine/contract";
import type { TShareLinkRow } from "./queries";

/** A new link name: base64url of 24 random bytes (32 characters). */
export function newSharelinkUrl(): string {
  const url = randomBytes(24).toString("base64url");
  if (url.length !== SHARE_LINK_URL_LENGTH) throw new Error("share link name of the wrong length");
  return url;
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

/** A link row as the owner's calls answer it. */
export function toDoc(row: TShareLinkRow, monthAccess: number, monthLimit: number | null): TShareLinkDoc {
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
