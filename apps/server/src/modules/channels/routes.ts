/**
 * Channels module (issue 10): binds the channel calls, counts channel views once a day per
 * visitor (a day cookie per channel), answers the page meta of `/Channel/:id`, and removes the
 * channel with its owner's account.
 */
import {
  channelAutoTranslateCall,
  channelContentCall,
  channelContentsCall,
  channelContentsUpdateCall,
  channelCreateCall,
  channelListCall,
  channelPublicCall,
  channelUpdateCall,
  channelVisitCall,
  feedCall,
  myChannelCall,
} from "@vitrine/contract";
import { cookieOptions, cookieSafe, VISIT_COOKIE_SECONDS } from "../../platform/http/cookies";
import type { TPageMetaResolver } from "../../platform/http/web";
import { authOf, bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TVisitorDays } from "../analytics/service";
import { channelPageMeta } from "./page-meta";
import { createChannelsService, type TChannelsContentPort, type TChannelsService } from "./service";
import { createTranslator, type TTranslator } from "./translation";

/** Options of the channels module. */
export interface TChannelsModuleOptions {
  accounts: Pick<TAccountsService, "userInfo" | "onAccountDeleted">;
  content: TChannelsContentPort;
  /** Daily visitor hashes (the analytics module's): a channel view counts once per visitor and day. */
  visitors: TVisitorDays;
  /** The translation provider; by default the one configuration names. */
  translator?: TTranslator;
  now?: () => Date;
}

/** The channels module, its service and the page-meta hook of `/Channel/:id`. */
export type TChannelsModule = TModule & { service: TChannelsService; pageMeta: TPageMetaResolver };

/** Name of the day cookie of a channel's views. */
export function channelVisitCookieName(channelId: string): string {
  return `vt_vch_${cookieSafe(channelId)}`;
}

/** Creates the channels module. */
export function createChannelsModule(platform: TPlatform, options: TChannelsModuleOptions): TChannelsModule {
  const { config } = platform;
  const service = createChannelsService({
    db: platform.database.db,
    content: options.content,
    accounts: options.accounts,
    visitors: options.visitors,
    translator: options.translator ?? createTranslator(config.translation, platform.logger),
    now: options.now ?? (() => new Date()),
  });
  options.accounts.onAccountDeleted((account) => service.removeOwner(account.userId));
  const visitCookie = cookieOptions(config.publicUrl, VISIT_COOKIE_SECONDS);

  const pageMeta: TPageMetaResolver = async (path) => {
    const match = /^\/Channel\/([^/]+)\/?$/i.exec(path);
    if (!match?.[1]) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    const preview = await service.preview(id);
    return preview ? channelPageMeta(config.publicUrl, preview) : null;
  };

  return {
    name: "channels",
    service,
    pageMeta,
    calls: [
      bindCall(myChannelCall, async (_input, ctx) => ({
        doc: await service.mine(authOf(ctx)),
        translation: service.translationInfo(),
      })),
      bindCall(
        channelCreateCall,
        async (input, ctx) => ({
          doc: await service.create(authOf(ctx), input.channel_name, input.origin_lang),
        }),
        { success: "channelCreated" },
      ),
      bindCall(channelUpdateCall, async (input, ctx) => ({ doc: await service.update(authOf(ctx), input) }), {
        success: "channelUpdated",
      }),
      bindCall(channelContentsCall, async (input, ctx) => ({
        docs: await service.contents(authOf(ctx), input.user_channel_id),
      })),
      bindCall(
        channelContentsUpdateCall,
        async (input, ctx) => ({
          docs: await service.setContents(
            authOf(ctx),
            input.user_channel_id,
            input.contents,
            input.featured_content_id,
          ),
        }),
        { success: "channelUpdated" },
      ),
      bindCall(channelPublicCall, async (input) => service.read(input.user_channel_id, input.lang)),
      bindCall(channelAutoTranslateCall, async (input, ctx) => ({
        doc: await service.translate(
          authOf(ctx),
          input.user_channel_id,
          input.trans_data,
          input.origin_lang,
          input.target_lang,
        ),
      })),
      bindCall(channelVisitCall, async (input, ctx) => {
        const cookie = channelVisitCookieName(input.user_channel_id);
        if (ctx.request.cookies[cookie]) return { counted: false };
        const counted = await service.countView(input.user_channel_id, {
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        });
        ctx.reply.setCookie(cookie, "1", visitCookie);
        return { counted };
      }),
      bindCall(channelContentCall, async (input) =>
        service.content(input.user_channel_id, input.user_contents_id),
      ),
      bindCall(feedCall, async (input) => service.feed(input.kind, input.lang, input.industry, input.cursor)),
      bindCall(channelListCall, async (input) => ({ docs: await service.list(input.lang, input.industry) })),
    ],
  };
}
