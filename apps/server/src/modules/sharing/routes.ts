/**
 * Sharing module (issue 5): binds the share-link and visit-count calls, the sealed upload
 * (`POST /api/upload/sealed`), the oEmbed endpoint (`GET /api/oembed`) and the page-meta hook
 * of the share and embed pages; removes links when their content or owner is deleted.
 */
import multipart from "@fastify/multipart";
import {
  AppError,
  CODES,
  SEALED_MAX_BYTES,
  shareLinkCreateCall,
  shareLinkDeleteCall,
  shareLinkListCall,
  shareLinkResolveCall,
  shareLinkUnlockCall,
  visitChannelInflowCall,
  visitCountCall,
  type ZUploadSealedResult,
} from "@vitrine/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { sendBlob } from "../../platform/blob-route";
import { isBlobKey } from "../../platform/blobs/index";
import { failure, sendFailure } from "../../platform/http/envelope-reply";
import type { TPageMetaResolver } from "../../platform/http/web";
import { authOf, bindCall, type TCallContext, type TModule } from "../../platform/module";
import { authenticateOwner } from "../../platform/route-auth";
import { tempDirOf } from "../../platform/temp-dir";
import type { TAuthResolver, TPlatform } from "../../platform/types";
import { drainUnread, receiveMultipart, type TReceivedFile } from "../../platform/uploads/multipart";
import type { TAccountsService } from "../accounts/service";

import { loadSharp, refuse } from "../content/index";
import { createAccessCounter } from "./access-counter";
import {
  cookieOptions,
  createUnlockTokens,
  inflowCookieName,
  UNLOCK_COOKIE_SECONDS,
  unlockCookieName,
  VISIT_COOKIE_SECONDS,
  visitCookieName,
} from "./cookies";
import { createLinkFiles, parseScopedKey, SCOPED_PREFIX } from "./link-files";
import {
  dimensionParam,
  embedSize,
  oembedOf,
  pageMetaOf,
  sharelinkOfOembedUrl,
  sharelinkOfPage,
} from "./previews";
import { createVersionedCache, localVersions, redisVersions } from "./resolve-cache";
import { plaintextReason, SEALED_MIN_BYTES } from "./sealed-check";
import {
  createSharingService,
  type TResolveParts,
  type TSharingChannelsPort,
  type TSharingContentPort,
  type TSharingService,
  type TSharingVisitorsPort,
  type TVisitor,
} from "./service";

/** Options of the sharing module. */
export interface TSharingModuleOptions {
  accounts: Pick<TAccountsService, "userInfo" | "onAccountDeleted" | "onPlanChanged">;
  content: TSharingContentPort;
  /** Daily visitor hashes (the analytics module's): a view counts once per visitor and day. */
  visitors: TSharingVisitorsPort;
  /** The channels module: inflow is counted only for a content's own owner's channel. */
  channels: TSharingChannelsPort;
  /** The resolver the dispatcher uses (the accounts module's), for the sealed upload route. */
  authResolver: TAuthResolver;
  now?: () => Date;
  /** Largest sealed snapshot (default SEALED_MAX_BYTES); tests lower it. */
  sealedMaxBytes?: number;
}

/** The sharing module, its service and the page-meta hook for the web app. */
export type TSharingModule = TModule & { service: TSharingService; pageMeta: TPageMetaResolver };

const MB = 1024 * 1024;

/** The visitor of a call, for the daily hash (never stored as such). */
function visitorOf(ctx: TCallContext): TVisitor {
  return { ip: ctx.ip, userAgent: ctx.userAgent };
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("tooLarge", {
    message: `${CODES.tooLarge.message} The limit is ${Math.round((maxBytes / MB) * 10) / 10} MB.`,
  });
}

/** The sealed part: one file named `file` whose first bytes do not look like plaintext. */
function checkSealedHead(file: Pick<TReceivedFile, "field" | "head">): void {
  if (file.field !== "file") throw refuse("Send the sealed snapshot in a part named file.");
  const reason = plaintextReason(file.head);
  if (reason) {
    throw new AppError("fileInvalid", {
      message: `${CODES.fileInvalid.message} A sealed link takes encrypted bytes only; this is ${reason}.`,
    });
  }
}

function checkSealedSize(file: Pick<TReceivedFile, "size">): void {
  if (file.size < SEALED_MIN_BYTES) {
    throw new AppError("fileInvalid", {
      message: `${CODES.fileInvalid.message} A sealed snapshot is at least ${SEALED_MIN_BYTES} bytes.`,
    });
  }
}

/** Creates the sharing module. */
export function createSharingModule(platform: TPlatform, options: TSharingModuleOptions): TSharingModule {
  const { config } = platform;
  const now = options.now ?? (() => new Date());
  const sealedMaxBytes = options.sealedMaxBytes ?? SEALED_MAX_BYTES;
  // Versions in Redis when there is one, so every instance sees every write (resolve-cache.ts).
  const versions = config.redisUrl ? redisVersions(config.redisUrl, platform.logger) : localVersions();
  const cache = createVersionedCache<TResolveParts>(versions, { maxEntries: 10_000, ttlMs: 30_000 });
  const counter = createAccessCounter(platform.database.db, { logger: platform.logger });
  const service = createSharingService({
    db: platform.database.db,
    blobs: platform.blobs,
    rateLimits: platform.rateLimits,
    logger: platform.logger,
    content: options.content,
    channels: options.channels,
    accounts: options.accounts,
    visitors: options.visitors,
    cache,
    counter,
    tokens: createUnlockTokens(config.tokenSecret),
    linkFiles: createLinkFiles(config.tokenSecret),
    now,
  });
  options.content.onContentsDeleted((ids) => service.removeContents(ids));
  options.accounts.onAccountDeleted((account) => service.removeOwner(account.userId));
  options.content.onContentsChanged((ids) => service.contentsChanged(ids));
  options.accounts.onPlanChanged((userId) => service.ownerChanged(userId));

  const unlockCookie = cookieOptions(config.publicUrl, UNLOCK_COOKIE_SECONDS);
  const visitCookie = cookieOptions(config.publicUrl, VISIT_COOKIE_SECONDS);

  const pageMeta: TPageMetaResolver = async (path, query) => {
    const id = sharelinkOfPage(path, query);
    if (!id) return null;
    const preview = await service.preview(id);
    return preview ? pageMetaOf(config.publicUrl, preview) : null;
  };

  /** Width and height of a thumbnail blob; null when it cannot be read. */
  async function thumbnailSize(path: string): Promise<{ width: number; height: number } | null> {
    const key = /^\/blobs\/(.+)$/.exec(path)?.[1];
    if (!key || !isBlobKey(key)) return null;
    try {
      const blob = await platform.blobs.get(key);
      if (!blob) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const sharp = await loadSharp();
      const meta = await sharp(Buffer.concat(chunks)).metadata();
      return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
    } catch {
      return null;
    }
  }

  return {
    name: "sharing",
    service,
    pageMeta,
    async stop() {
      await counter.stop();
      await cache.close();
    },
    calls: [
      bindCall(shareLinkCreateCall, async (input, ctx) => ({
        doc: await service.create(authOf(ctx), input.content_id, input.password),
      })),
      bindCall(shareLinkListCall, async (input, ctx) => service.list(authOf(ctx), input.content_id)),
      bindCall(shareLinkDeleteCall, async (input, ctx) => {
        await service.remove(authOf(ctx), input.sharelink_url);
        return { deleted: true as const };
      }),
      bindCall(shareLinkResolveCall, async (input, ctx) => ({
        // The embed's in-memory token wins: it is there when the browser dropped the cookie.
        doc: await service.resolve(
          input.sharelink_url,
          input.unlock_token ?? ctx.request.cookies[unlockCookieName(input.sharelink_url)],
        ),
      })),
      bindCall(shareLinkUnlockCall, async (input, ctx) => {
        const token = await service.unlock(input.sharelink_url, input.password, ctx.ip);
        if (token) ctx.reply.setCookie(unlockCookieName(input.sharelink_url), token, unlockCookie);
        return { unlocked: true as const, unlock_token: token };
      }),
      bindCall(visitCountCall, async (input, ctx) => {
        const cookie = visitCookieName(input.user_contents_id);
        if (ctx.request.cookies[cookie]) return { counted: false };
        const counted = await service.countVisit(input.user_contents_id, visitorOf(ctx));
        ctx.reply.setCookie(cookie, "1", visitCookie);
        return { counted };
      }),
      bindCall(visitChannelInflowCall, async (input, ctx) => {
        const contentId = input.user_contents_id;
        const inflow = inflowCookieName(input.user_channel_id, contentId);
        if (ctx.request.cookies[inflow]) return { counted: false };
        // A view already counted today (through a link, say) is not counted again; the inflow is.
        const visit = visitCookieName(contentId);
        const withView = !ctx.request.cookies[visit];
        const counted = await service.countInflow(contentId, input.user_channel_id, withView, visitorOf(ctx));
        ctx.reply.setCookie(inflow, "1", visitCookie);
        if (withView) ctx.reply.setCookie(visit, "1", visitCookie);
        return { counted };
      }),
    ],

    async routes(app: FastifyInstance) {
      // Files of password and sealed links: only while the link exists and the URL is unexpired;
      // revalidated on every use (private, no-cache) so a deleted link ends access at once.
      app.get<{ Params: { token: string } }>(`/blobs/${SCOPED_PREFIX}:token`, async (request, reply) => {
        const scopedKey = `${SCOPED_PREFIX}${request.params.token}`;
        const scoped = parseScopedKey(scopedKey);
        const key = scoped ? await service.linkFile(scoped) : null;
        if (!key) return sendFailure(reply, failure("notFound"));
        return sendBlob(request, reply, platform.blobs, {
          key,
          etag: scopedKey,
          cacheControl: "private, no-cache",
        });
      });

      app.get<{ Querystring: Record<string, string | undefined> }>("/api/oembed", async (request, reply) => {
        const query = request.query;
        const format = query.format ?? "json";
        if (format !== "json") {
          return reply.code(501).type("text/plain; charset=utf-8").send("Only format=json is supported.");
        }
        const id = sharelinkOfOembedUrl(config.publicUrl, query.url ?? "");
        const preview = id ? await service.preview(id) : null;
        if (!preview) return sendFailure(reply, failure("notFound"));
        const size = embedSize(dimensionParam(query.maxwidth), dimensionParam(query.maxheight));
        let thumbnail: { url: string; width: number; height: number } | null = null;
        if (preview.thumbnailUrl) {
          const dims = await thumbnailSize(preview.thumbnailUrl);
          if (dims) thumbnail = { url: `${config.publicUrl}${preview.thumbnailUrl}`, ...dims };
        }
        return reply
          .header("cache-control", "public, max-age=300")
          .type("application/json; charset=utf-8")
          .send(oembedOf(config.publicUrl, preview, size, thumbnail));
      });

      await app.register(async (scope) => {
        await scope.register(multipart, { limits: { fileSize: sealedMaxBytes } });
        scope.addHook("onSend", async (request, reply, payload) => {
          await drainUnread(request, reply, sealedMaxBytes);
          return payload;
        });
        scope.post("/api/upload/sealed", async (request, reply: FastifyReply) => {
          const who = await authenticateOwner(request, options.authResolver, platform.rateLimits, "upload");
          if (who.refreshed) return reply.send(who.refreshed);
          const received = await receiveMultipart(request, {
            tempRoot: tempDirOf(config.dataDir),
            maxBytes: sealedMaxBytes,
            maxFiles: 1,
            tooLarge: () => tooLarge(sealedMaxBytes),
            checkHead: checkSealedHead,
            checkSize: checkSealedSize,
          });
          try {
            const [file] = received.files;
            if (!file) throw refuse("Choose a sealed snapshot to upload.");
            const contentId = received.fields.content_id?.trim() ?? "";
            if (contentId === "")
              throw new AppError("validation", { fields: { content_id: "Choose a content." } });
            const doc = await service.createSealed(who.auth, contentId, file);
            const data: z.infer<typeof ZUploadSealedResult> = { doc };
            return reply.send({ status: true, rescode: CODES.ok.rescode, data });
          } finally {
            await received.discard();
          }
        });
      });
    },
  };
}
