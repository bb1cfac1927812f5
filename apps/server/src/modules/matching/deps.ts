/** What the matching verbs need, its fixed numbers, and the pieces several verbs use. */
import { createHash, createHmac } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { TAuditService } from "../../platform/audit";
import type { TDrizzle, TJobQueue, TMailer, TRateLimiter } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TChannelMatchFacts, TMatchQuery } from "../channels/service";

/** The job type of matching one inquiry. */
export const MATCH_JOB = "matching.run";
/** Rate-limit buckets of the form (platform/rate-limit/buckets.ts). */
export const MATCH_BUCKETS = { ip: "connect-ip", email: "connect-email" } as const;
/** Forms one address may send a day (counted on stored forms, so it holds across instances). */
export const FORMS_PER_EMAIL_DAY = 3;
/** How long an inquiry is kept (the consent says so). */
export const INQUIRY_KEEP_DAYS = 365;
/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** What matching needs of accounts: the business form's e-mail codes, and users' info. */
export type TMatchingAccountsPort = Pick<TAccountsService, "businessCodes" | "userInfo">;

/** What matching needs of channels. */
export interface TMatchingChannelsPort {
  channelOwner(channelId: string): Promise<string | null>;
  channelOfOwner(ownerId: string): Promise<{ id: string; name: string } | null>;
  matchFacts(channelIds: readonly string[], query: TMatchQuery): Promise<TChannelMatchFacts[]>;
}

/** What matching needs of content: the owners of viewed contents. */
export interface TMatchingContentPort {
  publicContentsByIds(ids: readonly string[]): Promise<{ contentId: string; ownerId: string }[]>;
}

/** Dependencies. */
export interface TMatchingDeps {
  db: TDrizzle;
  mail: TMailer;
  jobs: TJobQueue;
  rateLimits: TRateLimiter;
  logger: FastifyBaseLogger;
  publicUrl: string;
  tokenSecret: string;
  accounts: TMatchingAccountsPort;
  channels: TMatchingChannelsPort;
  content: TMatchingContentPort;
  audit: TAuditService;
  now: () => Date;
}

/** The "not interested" token of a connection: derived, so a retried job mails the same link. */
export function notInterestedToken(tokenSecret: string, connectionId: string): string {
  return createHmac("sha256", tokenSecret).update(`match-not-interested:${connectionId}`).digest("base64url");
}

/** The stored hash of a "not interested" token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Sends a mail; a failure is logged and answered `false`, never thrown. */
export async function mailSafely(
  deps: Pick<TMatchingDeps, "mail" | "logger">,
  what: string,
  message: Parameters<TMailer["send"]>[0],
): Promise<boolean> {
  try {
    await deps.mail.send(message);
    return true;
  } catch (error) {
    deps.logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      `matching mail failed: ${what}`,
    );
    return false;
  }
}
