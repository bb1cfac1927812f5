/**
 * Exhibition module (issue 13): binds the exhibition and booth calls, counts booth views once a
 * day per visitor (a day cookie per booth, and the analytics daily hash), answers the page meta of
 * booth pages, and removes booths with their owner's account.
 */
import {
  adminBoothAssignCall,
  adminBoothFreeCall,
  adminBoothRemoveCall,
  adminExhibitionBoothsCall,
  adminExhibitionCreateCall,
  adminExhibitionListCall,
  adminExhibitionPublishCall,
  adminExhibitionUpdateCall,
  boothApplyCall,
  boothDeleteCall,
  boothPageCall,
  boothProductCall,
  boothUpdateCall,
  boothVisitCall,
  exhibitionHallCall,
  exhibitionListCall,
  myBoothsCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { cookieOptions, cookieSafe, VISIT_COOKIE_SECONDS } from "../../platform/http/cookies";
import type { TPageMetaResolver } from "../../platform/http/web";
import { authOf, bindCall, type TModule } from "../../platform/module";
import type { TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import type { TVisitorDays } from "../analytics/service";
import {
  createExhibitionService,
  type TExhibitionChannelsPort,
  type TExhibitionContentPort,
  type TExhibitionService,
} from "./service";

/** Options of the exhibition module. */
export interface TExhibitionModuleOptions {
  accounts: Pick<TAccountsService, "userInfo" | "onAccountDeleted">;
  content: TExhibitionContentPort;
  channels: TExhibitionChannelsPort;
  /** Daily visitor hashes (the analytics module's): a booth view counts once per visitor and day. */
  visitors: TVisitorDays;
  /** Console actions (create, edit, publish, slots) are recorded through it. */
  audit: TAuditService;
  now?: () => Date;
}

/** The exhibition module and its service. */
export type TExhibitionModule = TModule & { service: TExhibitionService; pageMeta: TPageMetaResolver };

/** Name of the day cookie of a booth's views (SPEC §4). */
export function boothVisitCookieName(boothId: string): string {
  return `vt_vbt_${cookieSafe(boothId)}`;
}

/** Creates the exhibition module. */
export function createExhibitionModule(
  platform: TPlatform,
  options: TExhibitionModuleOptions,
): TExhibitionModule {
  const { config } = platform;
  const service = createExhibitionService({
    db: platform.database.db,
    content: options.content,
    channels: options.channels,
    accounts: options.accounts,
    visitors: options.visitors,
    audit: options.audit,
    now: options.now ?? (() => new Date()),
  });
  options.accounts.onAccountDeleted((account) => service.removeOwner(account.userId));
  const visitCookie = cookieOptions(config.publicUrl, VISIT_COOKIE_SECONDS);
  const pageMeta: TPageMetaResolver = async (path) => {
    const match = /^\/ShowRoom\/[^/]+\/booth\/([^/]+)\/?$/i.exec(path);
    if (!match?.[1]) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return null;
    }
    const preview = await service.preview(id);
    if (!preview) return null;
    return {
      title: preview.name,
      description: `${preview.name} at ${preview.exhibition}, a virtual exhibition on Vitrine`,
      image: preview.imageUrl ? `${config.publicUrl}${preview.imageUrl}` : null,
      url: `${config.publicUrl}${path}`,
      oembedUrl: null,
    };
  };

  return {
    name: "exhibition",
    service,
    pageMeta,
    calls: [
      bindCall(exhibitionListCall, async () => ({ docs: await service.listPublished() })),
      bindCall(exhibitionHallCall, async (input) => service.hall(input.exhibition_id, input.lang)),
      bindCall(boothPageCall, async (input) => service.boothPage(input.booth_id, input.lang)),
      bindCall(boothProductCall, async (input) => service.boothProduct(input.booth_id, input.content_id)),
      bindCall(boothVisitCall, async (input, ctx) => {
        const cookie = boothVisitCookieName(input.uuid);
        if (ctx.request.cookies[cookie]) return { counted: false };
        const counted = await service.countView(input.uuid, { ip: ctx.ip, userAgent: ctx.userAgent });
        ctx.reply.setCookie(cookie, "1", visitCookie);
        return { counted };
      }),
      bindCall(myBoothsCall, async (input, ctx) => service.mine(authOf(ctx), input.lang)),
      bindCall(boothApplyCall, async (input, ctx) => ({
        doc: await service.apply(authOf(ctx), input.exhibition_id, input.slot, input.category, input.lang),
      })),
      bindCall(
        boothUpdateCall,
        async (input, ctx) => ({ doc: await service.update(authOf(ctx), input, input.lang) }),
        { success: "boothSaved" },
      ),
      bindCall(boothDeleteCall, async (input, ctx) => {
        await service.remove(authOf(ctx), input.booth_id);
        return { deleted: true as const };
      }),
      bindCall(adminExhibitionListCall, async () => ({ docs: await service.listAll() })),
      bindCall(
        adminExhibitionCreateCall,
        async (input, ctx) => ({ doc: await service.create(authOf(ctx), input) }),
        { success: "exhibitionSaved" },
      ),
      bindCall(
        adminExhibitionUpdateCall,
        async (input, ctx) => ({
          doc: await service.edit(authOf(ctx), input.exhibition_id, input.exhibition),
        }),
        { success: "exhibitionSaved" },
      ),
      bindCall(adminExhibitionPublishCall, async (input, ctx) => ({
        doc: await service.publish(authOf(ctx), input.exhibition_id, input.published),
      })),
      bindCall(adminExhibitionBoothsCall, async (input) => service.adminBooths(input.exhibition_id)),
      bindCall(adminBoothAssignCall, async (input, ctx) => ({
        doc: await service.assign(authOf(ctx), input.booth_id, input.slot),
      })),
      bindCall(adminBoothFreeCall, async (input, ctx) => ({
        doc: await service.free(authOf(ctx), input.booth_id),
      })),
      bindCall(adminBoothRemoveCall, async (input, ctx) => {
        await service.adminRemove(authOf(ctx), input.booth_id);
        return { deleted: true as const };
      }),
    ],
  };
}
