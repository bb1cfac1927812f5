/**
 * The HTTP server: Fastify with JSON logs, security headers, the contract calls of every
 * module, health and client configuration, the realtime socket and the built web app.
 */
import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import { ENVELOPE_ITERATIONS, LANGUAGES, type TClientConfig, type THealth } from "@vitrine/contract";
import Fastify, { type FastifyInstance } from "fastify";
import type { TConfig } from "./config";
import { createAccountsModule } from "./modules/accounts/routes";
import { createAdminModule } from "./modules/admin/routes";
import { createAnalyticsModule, type TAnalyticsModule } from "./modules/analytics/routes";
import { createChannelsModule, type TChannelsModuleOptions } from "./modules/channels/routes";
import type { TChannelsService } from "./modules/channels/service";
import { createChatModule } from "./modules/chat/routes";
import { createContentModule } from "./modules/content/routes";
import type { TContentService } from "./modules/content/service";
import { createExhibitionModule, type TExhibitionModuleOptions } from "./modules/exhibition/routes";
import type { TExhibitionService } from "./modules/exhibition/service";
import { createMatchingModule } from "./modules/matching/routes";
import { createPaymentsModule, type TPaymentsModuleOptions } from "./modules/payments/routes";
import { createPlansModule } from "./modules/plans/routes";
import { createPlansService } from "./modules/plans/service";
import { createProductionModule } from "./modules/production/routes";
import { createQnaModule } from "./modules/qna/routes";
import { createSharingModule, type TSharingModuleOptions } from "./modules/sharing/routes";
import { createSystemModule } from "./modules/system/routes";
import { createAuditService } from "./platform/audit";
import { visitorOnlyResolver } from "./platform/auth";
import { registerCalls } from "./platform/dispatcher";
import { failure, failureOf, sendFailure } from "./platform/http/envelope-reply";
import { registerSecurityHeaders } from "./platform/http/security";
import { defaultWebDistDir, registerWebApp } from "./platform/http/web";
import { closePlatform, createPlatform } from "./platform/index";
import type { TModule } from "./platform/module";
import { attachRealtime, type TRealtime } from "./platform/realtime/index";
import type { TAuthResolver, TPlatform } from "./platform/types";
import { requestLogController } from "./request-log";

/** Options of `defaultModules` that tests change. */
export interface TDefaultModulesOptions {
  sharing?: Pick<TSharingModuleOptions, "sealedMaxBytes" | "now">;
  /** The analytics module's clock (daily visitor salts); tests move it to another day. */
  analytics?: { now?: () => Date; rollupTimer?: boolean };
  channels?: Pick<TChannelsModuleOptions, "translator" | "now">;
  exhibition?: Pick<TExhibitionModuleOptions, "now">;
  /** Billing's clock and extra providers (tests). */
  payments?: Pick<TPaymentsModuleOptions, "now" | "providers">;
}

/** The modules a server runs, in registration order. */
export function defaultModules(platform: TPlatform, options: TDefaultModulesOptions = {}): TModule[] {
  const accounts = createAccountsModule(platform);
  // Made first: every module's console actions write through it (issue 12).
  const audit = createAuditService(platform.database.db);
  const content = createContentModule(platform, {
    accounts: accounts.service,
    authResolver: accounts.authResolver,
    audit,
  });
  const analytics = createAnalyticsModule(platform, { ...options.analytics, accounts: accounts.service });
  const channels = createChannelsModule(platform, {
    ...options.channels,
    accounts: accounts.service,
    content: content.service,
    visitors: analytics.visitors,
  });
  const exhibition = createExhibitionModule(platform, {
    ...options.exhibition,
    accounts: accounts.service,
    content: content.service,
    channels: channels.service,
    visitors: analytics.visitors,
    audit,
  });
  registerAnalyticsNames(analytics, content.service, channels.service, exhibition.service);
  const matching = createMatchingModule(platform, {
    accounts: accounts.service,
    channels: channels.service,
    content: content.service,
    audit,
  });
  const plans = createPlansService({
    db: platform.database.db,
    audit,
    now: options.payments?.now ?? (() => new Date()),
  });
  const payments = createPaymentsModule(platform, {
    ...options.payments,
    accounts: accounts.service,
    plans,
    audit,
  });
  return [
    createSystemModule(platform),
    accounts,
    analytics,
    content,
    channels,
    matching,
    createSharingModule(platform, {
      ...options.sharing,
      accounts: accounts.service,
      content: content.service,
      visitors: analytics.visitors,
      channels: channels.service,
      authResolver: accounts.authResolver,
    }),
    createAdminModule(platform, {
      audit,
      accounts: accounts.service,
      content: content.service,
      channels: channels.service,
    }),
    createChatModule(platform, { accounts: accounts.service, audit }),
    exhibition,
    createProductionModule(platform, { accounts: accounts.service, content: content.service, audit }),
    createQnaModule(platform, { accounts: accounts.service, content: content.service, audit }),
    createPlansModule({ service: plans, providers: () => payments.service.providerNames() }),
    payments,
  ];
}

/** The report names contents (titles, annotations, motion steps) and channels through their modules. */
function registerAnalyticsNames(
  analytics: TAnalyticsModule,
  content: Pick<TContentService, "list" | "detail">,
  channels: Pick<TChannelsService, "channelOfOwner">,
  exhibition: Pick<TExhibitionService, "mine" | "boothNames">,
): void {
  analytics.registerNames("product", async (ids, owner) => {
    const wanted = new Set(ids);
    const mine = await content.list(owner, "", "updated");
    return new Map(mine.filter((c) => wanted.has(c.content_id)).map((c) => [c.content_id, c.title]));
  });
  analytics.registerDetails("product", async (id, owner) => {
    const doc = await content.detail(owner, id);
    return {
      annotations: new Map(doc.build.annotationinfo.map((a) => [a.annotation_id, a.title])),
      motionSteps: new Map(doc.build.animationinfo.map((step, i) => [String(i + 1), step.title])),
    };
  });
  analytics.registerNames("channel", async (ids, owner) => {
    const channel = await channels.channelOfOwner(owner.userId);
    return new Map(channel && ids.includes(channel.id) ? [[channel.id, channel.name]] : []);
  });
  analytics.registerNames("booth", async (ids, owner) => {
    const wanted = new Set(ids);
    const mine = (await exhibition.mine(owner, "en")).docs
      .map((b) => b.booth_id)
      .filter((id) => wanted.has(id));
    return exhibition.boothNames(mine);
  });
}

/** Options of `buildApp`. */
export interface TBuildAppOptions {
  config: TConfig;
  /** A platform the caller owns (and closes); by default one is created from `config` and closed at shutdown. */
  platform?: TPlatform;
  /** Which modules to run; `defaultModules` by default. */
  modules?: (platform: TPlatform) => TModule[];
  /**
   * Turns bearer tokens into callers. By default the resolver of the first module that has one
   * (accounts); with none, only visitor (`none`) calls are allowed.
   */
  authResolver?: TAuthResolver;
  /** The web build to serve; `null` serves the API only. Defaults to `apps/web/dist`. */
  webDistDir?: string | null;
  /** Fastify's `trustProxy`: off unless the server runs behind a known proxy. */
  trustProxy?: boolean | string | string[] | ((address: string, hop: number) => boolean);
  /** Where log lines go; stdout by default (tests read them back). */
  logStream?: { write(line: string): void };
}

/** A built server. */
export interface TBuiltApp {
  app: FastifyInstance;
  platform: TPlatform;
  /** The chat socket (`deliver` reaches a user's sockets on every instance). */
  realtime: TRealtime;
  /** Stops taking requests, finishes in-flight ones, stops modules, workers and adapters. Idempotent. */
  shutdown(): Promise<void>;
}

/** Builds the whole server, ready to `listen`. */
export async function buildApp(options: TBuildAppOptions): Promise<TBuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "headers.authorization",
          "headers.cookie",
        ],
        censor: "[redacted]",
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    // One line per request, at a level that keeps a busy day off the disk.
    logController: requestLogController(config.slowRequestMs),
    bodyLimit: config.bodyLimit,
    trustProxy: options.trustProxy ?? false,
  });

  const platform = options.platform ?? (await createPlatform(config, app.log));
  const ownsPlatform = !options.platform;
  let realtime: TRealtime | undefined;
  try {
    const modules = (options.modules ?? defaultModules)(platform);
    const authResolver =
      options.authResolver ??
      modules.find((module) => module.authResolver)?.authResolver ??
      visitorOnlyResolver;
    const attached = await attachRealtime(app.server, config, app.log, {
      authResolver,
      rateLimits: platform.rateLimits,
      trustProxy: options.trustProxy ?? false,
    });
    realtime = attached;
    for (const module of modules) module.realtime?.(attached);

    const toss = config.payments.toss;
    registerSecurityHeaders(app, {
      // Toss's card window: its SDK script, and its frames (only when Toss is configured).
      paymentSdk: toss
        ? { scriptOrigin: new URL(toss.sdkUrl).origin, frameOrigins: ["https://*.tosspayments.com"] }
        : undefined,
    });
    // Cookies of share links (unlock) and view counting; values are signed by the module itself.
    await app.register(fastifyCookie);
    app.addHook("onSend", async (request, reply) => {
      reply.header("x-request-id", request.id);
      if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
        reply.header("cache-control", "no-store");
      }
    });
    app.setErrorHandler((error, request, reply) => sendFailure(reply, failureOf(error, request)));

    app.get("/api/health", async (_request, reply) => {
      const isUp = await platform.database.ping().catch(() => false);
      const health: THealth = {
        status: isUp ? "ok" : "error",
        db: platform.database.kind,
        blobs: platform.blobs.kind,
        mail: platform.mail.kind,
        realtime: attached.kind,
      };
      return reply.code(isUp ? 200 : 503).send(health);
    });
    const clientConfig: TClientConfig = {
      languages: [...LANGUAGES],
      support: config.support,
      envelope: { ...config.envelope, iterations: ENVELOPE_ITERATIONS },
    };
    app.get("/api/client-config", async () => clientConfig);

    await registerCalls(app, {
      platform,
      modules,
      authResolver,
    });
    for (const module of modules) await module.routes?.(app);

    const webDistDir = options.webDistDir === undefined ? defaultWebDistDir() : options.webDistDir;
    const pageMetaHooks = modules.flatMap((module) => (module.pageMeta ? [module.pageMeta] : []));
    const spa = webDistDir
      ? await registerWebApp(app, webDistDir, {
          pageMeta: async (path, query) => {
            for (const hook of pageMetaHooks) {
              const meta = await hook(path, query);
              if (meta) return meta;
            }
            return null;
          },
        })
      : null;
    app.setNotFoundHandler(async (request, reply) => {
      if (spa && (await spa(request, reply))) return reply;
      const isApi = request.url.startsWith("/api/") || request.url === "/api";
      return sendFailure(reply, failure(isApi ? "unknownCall" : "notFound"));
    });

    app.addHook("onReady", async () => {
      for (const module of modules) await module.start?.();
      platform.jobs.start();
    });
    // Open sockets would keep the HTTP server from closing.
    app.addHook("preClose", async () => attached.close());

    let closing: Promise<void> | undefined;
    const shutdown = () => {
      closing ??= (async () => {
        await app.close();
        for (const module of [...modules].reverse()) {
          try {
            await module.stop?.();
          } catch (error) {
            app.log.error({ err: error, module: module.name }, "module failed to stop");
          }
        }
        if (ownsPlatform) await closePlatform(platform);
        else await platform.jobs.stop();
      })();
      return closing;
    };
    return { app, platform, realtime: attached, shutdown };
  } catch (error) {
    await realtime?.close();
    if (ownsPlatform) await closePlatform(platform);
    throw error;
  }
}
