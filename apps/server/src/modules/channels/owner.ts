/**
 * The owner's channel: reading and creating it, updating its texts, images, business info and
 * profiles (images must be the owner's own uploads), and the contents on it (their order, the
 * featured one, which are public — changed through the content service).
 */
import {
  AppError,
  CODES,
  newId,
  type TChannelContentItem,
  type TChannelDoc,
  type TChannelLang,
  type TChannelUpdate,
  type TFieldErrors,
  type TTranslationInfo,
} from "@vitrine/contract";
import type { TChannelInfo } from "../../db/schema/channels";
import type { TAuth } from "../../platform/types";
import type { TChannelsDeps } from "./deps";
import { ownChannel } from "./deps";
import { emptyInfo, inChannelOrder, toChannelDoc } from "./mapper";
import { channelOfOwner, insertChannel, type TChannelRow, updateChannel } from "./queries";

/** The owner's verbs. */
export interface TOwnerChannels {
  translationInfo(): TTranslationInfo;
  mine(auth: TAuth): Promise<TChannelDoc | null>;
  create(auth: TAuth, name: string, originLang: TChannelLang): Promise<TChannelDoc>;
  update(auth: TAuth, input: TChannelUpdate): Promise<TChannelDoc>;
  contents(auth: TAuth, channelId: string): Promise<TChannelContentItem[]>;
  setContents(
    auth: TAuth,
    channelId: string,
    items: readonly { content_id: string; is_public: boolean }[],
    featuredId: string | null,
  ): Promise<TChannelContentItem[]>;
}

/** Creates the owner's verbs. */
export function createOwnerChannels(
  deps: Pick<TChannelsDeps, "db" | "content" | "translator" | "now">,
): TOwnerChannels {
  const { db, content, translator, now } = deps;

  /** Images named by an update must be the owner's own uploads. */
  async function checkImages(auth: TAuth, input: TChannelUpdate): Promise<void> {
    const named: [string, string][] = [];
    if (input.logo_url) named.push(["logo_url", input.logo_url]);
    if (input.cover_url) named.push(["cover_url", input.cover_url]);
    input.profiles?.forEach((p, i) => {
      if (p.photo_url) named.push([`profiles.${i}.photo_url`, p.photo_url]);
    });
    if (named.length === 0) return;
    const owned = await content.ownedImageUrls(
      auth.userId,
      named.map(([, url]) => url),
    );
    const fields: TFieldErrors = {};
    for (const [field, url] of named) if (!owned.has(url)) fields[field] = CODES.fileInvalid.message;
    if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
  }

  async function managedContents(auth: TAuth, row: TChannelRow): Promise<TChannelContentItem[]> {
    const all = await content.list(auth, "", "created");
    const items = all.map((c) => ({
      content_id: c.content_id,
      title: c.title,
      status: c.status,
      is_public: c.is_public,
      is_featured: c.content_id === row.featuredContentId,
      thumbnail_url: c.thumbnail_url,
      views: c.views,
    }));
    return inChannelOrder(items, (i) => i.content_id, row.contentOrder);
  }

  return {
    translationInfo() {
      return translator.info;
    },

    async mine(auth) {
      const row = await channelOfOwner(db, auth.userId);
      return row ? toChannelDoc(row) : null;
    },

    async create(auth, name, originLang) {
      const at = now();
      const row = await insertChannel(db, {
        id: newId("channel"),
        ownerId: auth.userId,
        name,
        originLang,
        info: emptyInfo(),
        industry: null,
        transinfo: { en: {}, ko: {} },
        transSource: { en: {}, ko: {} },
        profiles: [],
        contentOrder: [],
        featuredContentId: null,
        createdAt: at,
        updatedAt: at,
      });
      if (!row) throw new AppError("channelExists");
      return toChannelDoc(row);
    },

    async update(auth, input) {
      const row = await ownChannel(db, auth, input.user_channel_id);
      await checkImages(auth, input);
      const business = { ...row.info.business, ...(input.channel_global_business_info ?? {}) };
      if (business.industry !== "other") business.industry_other = "";
      const info: TChannelInfo = {
        ...row.info,
        ...(input.channel_intro !== undefined ? { channel_intro: input.channel_intro } : {}),
        ...(input.homepage_url !== undefined ? { homepage_url: input.homepage_url } : {}),
        ...(input.contact_email !== undefined ? { contact_email: input.contact_email } : {}),
        ...(input.contact_phone !== undefined ? { contact_phone: input.contact_phone } : {}),
        ...(input.show_contact !== undefined ? { show_contact: input.show_contact } : {}),
        ...(input.country !== undefined ? { country: input.country } : {}),
        ...(input.languages !== undefined ? { languages: input.languages } : {}),
        ...(input.logo_url !== undefined ? { logo_url: input.logo_url } : {}),
        ...(input.cover_url !== undefined ? { cover_url: input.cover_url } : {}),
        ...(input.brand_color !== undefined ? { brand_color: input.brand_color.toLowerCase() } : {}),
        business,
      };
      const transinfo = {
        en: input.transinfo?.en ?? row.transinfo.en,
        ko: input.transinfo?.ko ?? row.transinfo.ko,
      };
      const updated = await updateChannel(db, row.id, auth.userId, {
        ...(input.channel_name !== undefined ? { name: input.channel_name } : {}),
        ...(input.origin_lang !== undefined ? { originLang: input.origin_lang } : {}),
        info,
        industry: business.industry,
        transinfo,
        transSource: input.trans_source ?? row.transSource,
        ...(input.profiles !== undefined ? { profiles: input.profiles } : {}),
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return toChannelDoc(updated);
    },

    async contents(auth, channelId) {
      return managedContents(auth, await ownChannel(db, auth, channelId));
    },

    async setContents(auth, channelId, items, featuredId) {
      const row = await ownChannel(db, auth, channelId);
      // Check every content first, so a refused item leaves everything as it was.
      const owned = [];
      for (const item of items) {
        const found = await content.ownContent(auth, item.content_id);
        if (item.is_public && found.status !== "ready") {
          throw new AppError("contentNotReady", { data: { content_id: item.content_id } });
        }
        owned.push({ item, isPublic: found.isPublic });
      }
      for (const { item, isPublic } of owned) {
        if (item.is_public !== isPublic) {
          await content.update(auth, { content_id: item.content_id, is_public: item.is_public });
        }
      }
      const updated = await updateChannel(db, row.id, auth.userId, {
        contentOrder: items.map((i) => i.content_id),
        featuredContentId: featuredId,
        updatedAt: now(),
      });
      if (!updated) throw new AppError("notFound");
      return managedContents(auth, updated);
    },
  };
}
