/**
 * A business's side of matching: its connections (list, the new count, a reply mailed to the
 * buyer, status, note and complaint), its matching settings (opt-in with consent, what it seeks,
 * its daily cap) and the one-click "not interested" of the mail (no more inquiries from that
 * address).
 */
import { AppError, type TConnection, type TConnectStatus, type TMatchSettings } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TMatchingDeps } from "./deps";
import { mailSafely, tokenHash } from "./deps";
import { buyerOf, toConnection, toSettings } from "./docs";
import { replyMail } from "./mails";
import {
  connectionByTokenHash,
  connectionOfOwner,
  connectionsOfOwner,
  findInquiry,
  insertExclusion,
  newConnectionsOfOwner,
  settingsOf,
  updateConnection,
  upsertSettings,
} from "./queries";

/** What a business saves of its matching settings (validated by the contract). */
export interface TSettingsInput {
  opted_in: boolean;
  consent: boolean;
  industries: string[];
  markets: string[];
  buyer_types: string[];
  daily_cap: number;
}

/** The business's verbs. */
export interface TConnections {
  list(auth: TAuth): Promise<{ docs: TConnection[]; new_count: number }>;
  /** How many of the owner's received inquiries are still new (the studio menu's badge). */
  newCount(auth: TAuth): Promise<number>;
  reply(auth: TAuth, connectionId: string, message: string): Promise<TConnection>;
  update(
    auth: TAuth,
    connectionId: string,
    change: { status?: TConnectStatus; note?: string; complaint?: boolean },
  ): Promise<TConnection>;
  settings(auth: TAuth): Promise<TMatchSettings | null>;
  saveSettings(auth: TAuth, input: TSettingsInput): Promise<TMatchSettings>;
  notInterested(token: string): Promise<{ company: string }>;
}

/** Creates the business's verbs. */
export function createConnections(
  deps: Pick<TMatchingDeps, "db" | "mail" | "logger" | "publicUrl" | "accounts" | "channels" | "now">,
): TConnections {
  const { db, now } = deps;

  async function ownConnection(auth: TAuth, connectionId: string) {
    const found = await connectionOfOwner(db, auth.userId, connectionId);
    if (!found) throw new AppError("notFound");
    return found;
  }

  const ownerChannel = (auth: TAuth) => deps.channels.channelOfOwner(auth.userId);

  return {
    async list(auth) {
      const rows = await connectionsOfOwner(db, auth.userId);
      const docs = rows.map((r) => toConnection(r.connection, r.inquiry));
      return { docs, new_count: docs.filter((d) => d.status === "new").length };
    },

    newCount: (auth) => newConnectionsOfOwner(db, auth.userId),

    async reply(auth, connectionId, message) {
      const { connection, inquiry } = await ownConnection(auth, connectionId);
      const channel = await ownerChannel(auth);
      const owner = await deps.accounts.userInfo(auth.userId);
      const name = channel?.name ?? owner.email_id;
      const sent = await mailSafely(
        deps,
        "reply",
        replyMail({
          buyer: buyerOf(inquiry),
          channelName: name,
          channelUrl: `${deps.publicUrl}/Channel/${encodeURIComponent(connection.channelId)}`,
          ownerEmail: owner.email,
          message,
        }),
      );
      if (!sent) throw new AppError("connectReplyFailed");
      const at = now();
      const updated = await updateConnection(db, connection.id, {
        status: "replied",
        reply: message,
        repliedAt: at,
        updatedAt: at,
      });
      return toConnection(updated ?? connection, inquiry);
    },

    async update(auth, connectionId, change) {
      const { connection, inquiry } = await ownConnection(auth, connectionId);
      const updated = await updateConnection(db, connection.id, {
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.note !== undefined ? { note: change.note } : {}),
        ...(change.complaint !== undefined ? { complaint: change.complaint } : {}),
        updatedAt: now(),
      });
      return toConnection(updated ?? connection, inquiry);
    },

    async settings(auth) {
      const channel = await ownerChannel(auth);
      if (!channel) return null;
      return toSettings(await settingsOf(db, channel.id));
    },

    async saveSettings(auth, input) {
      const channel = await ownerChannel(auth);
      if (!channel) throw new AppError("connectNeedsChannel");
      const at = now();
      const previous = await settingsOf(db, channel.id);
      const consentedAt = input.opted_in ? (previous?.optedIn ? previous.consentedAt : at) : null;
      await upsertSettings(db, channel.id, {
        ownerId: auth.userId,
        optedIn: input.opted_in,
        consentedAt,
        industries: [...new Set(input.industries)],
        markets: [...new Set(input.markets)],
        buyerTypes: [...new Set(input.buyer_types)],
        dailyCap: input.daily_cap,
        updatedAt: at,
      });
      return toSettings(await settingsOf(db, channel.id));
    },

    async notInterested(token) {
      const connection = await connectionByTokenHash(db, tokenHash(token));
      if (!connection) throw new AppError("connectLinkInvalid");
      const inquiry = await findInquiry(db, connection.inquiryId);
      if (!inquiry || inquiry.removedAt) throw new AppError("connectLinkInvalid");
      await insertExclusion(db, {
        channelId: connection.channelId,
        ownerId: connection.ownerId,
        email: inquiry.email,
        createdAt: now(),
      });
      await updateConnection(db, connection.id, {
        notInterested: true,
        status: "declined",
        updatedAt: now(),
      });
      return { company: inquiry.company };
    },
  };
}
