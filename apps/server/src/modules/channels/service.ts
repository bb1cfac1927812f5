/**
 * The channels service: the owner's channel (create, read, update, contents on it, machine
 * translation), what visitors read (a channel in their language, one of its contents, the feed,
 * the showcase, channels by industry), channel views, and what other modules ask of channels.
 * It composes `owner.ts` and `translate.ts` (the owner's verbs) and `public.ts` (what visitors
 * read); SQL lives in `queries.ts`, the matching facts in `matching-facts.ts`.
 *
 * Every owner path goes through `ownChannel` (deps.ts): another owner's channel answers
 * `notFound` and is never touched. Contents are reached only through the content service.
 */
import type { TChannelLang, TPublicChannelDoc } from "@vitrine/contract";
import type { TChannelsDeps } from "./deps";
import { originalTexts, toPublicDoc } from "./mapper";
import { channelMatchFacts, type TChannelMatchFacts, type TMatchQuery } from "./matching-facts";
import { createOwnerChannels, type TOwnerChannels } from "./owner";
import { createPublicChannels, type TPublicChannels } from "./public";
import { channelOfOwner, channelsOfOwners, deleteChannelOfOwner, findChannel } from "./queries";
import { createTranslate, type TTranslate } from "./translate";

export type { TChannelsAccountsPort, TChannelsContentPort, TChannelsDeps } from "./deps";
export type { TChannelMatchFacts, TMatchQuery } from "./matching-facts";
export type { TChannelPreview } from "./public";

/** The channels service. */
export interface TChannelsService extends TOwnerChannels, TPublicChannels {
  translate: TTranslate;
  /** The owner id of a channel; null for an unknown one (the sharing module checks inflow with it). */
  channelOwner(channelId: string): Promise<string | null>;
  /** An owner's channel with its name in the original language (the share page's publisher). */
  channelOfOwner(ownerId: string): Promise<{ id: string; name: string } | null>;
  /**
   * The channels of some owners as visitors read them (texts in `lang`, no contents), by owner id;
   * booths show their channel's name, logo, colour, contact and profiles through it.
   */
  publicChannelsOfOwners(
    ownerIds: readonly string[],
    lang: TChannelLang,
  ): Promise<Map<string, TPublicChannelDoc>>;
  /** Deletes an owner's channel (account deleted). */
  removeOwner(ownerId: string): Promise<void>;
  /** Matching (issue 14): rules and text similarity of channels for an inquiry, computed in SQL. */
  matchFacts(channelIds: readonly string[], query: TMatchQuery): Promise<TChannelMatchFacts[]>;
}

/** Creates the channels service. */
export function createChannelsService(deps: TChannelsDeps): TChannelsService {
  const { db } = deps;
  return {
    ...createOwnerChannels(deps),
    ...createPublicChannels(deps),
    translate: createTranslate(deps),

    async channelOwner(channelId) {
      return (await findChannel(db, channelId))?.ownerId ?? null;
    },

    async channelOfOwner(ownerId) {
      const row = await channelOfOwner(db, ownerId);
      return row ? { id: row.id, name: originalTexts(row).channel_name } : null;
    },

    async publicChannelsOfOwners(ownerIds, lang) {
      const rows = await channelsOfOwners(db, [...new Set(ownerIds)]);
      return new Map(rows.map((row) => [row.ownerId, toPublicDoc(row, lang, [])]));
    },

    async removeOwner(ownerId) {
      await deleteChannelOfOwner(db, ownerId);
    },

    matchFacts: (channelIds, query) => channelMatchFacts(db, channelIds, query),
  };
}
