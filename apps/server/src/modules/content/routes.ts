/**
 * Content module (issue 4): binds the content calls, the upload routes and blob serving,
 * runs model processing as a job, removes a deleted owner's data, and makes the demo content
 * at start when `DEMO` is on.
 */
import {
  contentDeleteCall,
  contentDetailCall,
  contentDuplicateCall,
  contentListCall,
  contentRetryCall,
  contentSetProducedCall,
  contentUpdateCall,
} from "@vitrine/contract";
import type { TAuditService } from "../../platform/audit";
import { registerBlobRoute } from "../../platform/blob-route";
import { authOf, bindCall, type TModule } from "../../platform/module";
import type { TAuthResolver, TPlatform } from "../../platform/types";
import type { TAccountsService } from "../accounts/service";
import { ensureDemo } from "./demo";
import { createContentService, PROCESS_JOB, PROCESS_MAX_ATTEMPTS, type TContentService } from "./service";
import { registerUploadRoutes } from "./upload-routes";

/** What the content module needs of the accounts module. */
export type TContentAccountsPort = Pick<
  TAccountsService,
  "userInfo" | "lockUser" | "onAccountDeleted" | "ensureAccount"
>;

/** Options of the content module. */
export interface TContentModuleOptions {
  accounts: TContentAccountsPort;
  /** The resolver the dispatcher uses (the accounts module's), for the upload routes. */
  authResolver: TAuthResolver;
  /** The console's audit log (admin module). */
  audit?: TAuditService;
  now?: () => Date;
}

/** The content module and its service. */
export type TContentModule = TModule & { service: TContentService };

function contentIdOf(payload: unknown): string {
  const id = typeof payload === "object" && payload !== null ? Reflect.get(payload, "content_id") : undefined;
  if (typeof id !== "string") throw new Error("content job without content_id");
  return id;
}

/** Creates the content module. */
export function createContentModule(platform: TPlatform, options: TContentModuleOptions): TContentModule {
  const service = createContentService({
    db: platform.database.db,
    blobs: platform.blobs,
    jobs: platform.jobs,
    logger: platform.logger,
    accounts: options.accounts,
    ...(options.audit ? { audit: options.audit } : {}),
    now: options.now ?? (() => new Date()),
  });
  platform.jobs.register(
    PROCESS_JOB,
    async (job) => {
      const contentId = contentIdOf(job.payload);
      try {
        await service.process(contentId);
      } catch (error) {
        // Storage or database trouble: the queue tries again; after the last try the owner may retry.
        if (job.attempts >= PROCESS_MAX_ATTEMPTS) {
          await service.markFailed(
            contentId,
            "The model could not be processed right now. Please try again.",
          );
        }
        throw error;
      }
    },
    {
      // The process died on every try (e.g. a model that exhausts memory): tell the owner, who may retry.
      onAbandoned: (job) =>
        service.markFailed(
          contentIdOf(job.payload),
          "The model could not be processed right now. Please try again.",
        ),
    },
  );
  options.accounts.onAccountDeleted((account) => service.removeOwnerData(account.userId));

  return {
    name: "content",
    service,
    calls: [
      bindCall(contentListCall, async (input, ctx) => ({
        docs: await service.list(authOf(ctx), input.search, input.sort),
      })),
      bindCall(contentDetailCall, async (input, ctx) => ({
        doc: await service.detail(authOf(ctx), input.content_id),
      })),
      bindCall(contentUpdateCall, async (input, ctx) => ({ doc: await service.update(authOf(ctx), input) })),
      bindCall(contentDuplicateCall, async (input, ctx) => ({
        doc: await service.duplicate(authOf(ctx), input.content_id),
      })),
      bindCall(contentDeleteCall, async (input, ctx) => {
        await service.remove(authOf(ctx), input.content_id);
        return { deleted: true as const };
      }),
      bindCall(contentRetryCall, async (input, ctx) => ({
        doc: await service.retry(authOf(ctx), input.content_id),
      })),
      bindCall(contentSetProducedCall, async (input, ctx) => ({
        doc: await service.setProduced(input.content_id, input.is_produced, {
          actorId: authOf(ctx).userId,
          reason: input.reason ?? null,
        }),
      })),
    ],

    async routes(app) {
      registerBlobRoute(app, platform.blobs);
      await registerUploadRoutes(app, { platform, resolver: options.authResolver, service });
    },

    async start() {
      if (!platform.config.demo) return;
      try {
        const outcome = await ensureDemo({
          db: platform.database.db,
          accounts: options.accounts,
          service,
          processNow: false,
        });
        if (!outcome) platform.logger.warn("demo: fixtures/models/Radio.glb not found; no demo content");
        else if (outcome.isContentCreated) {
          platform.logger.info({ contentId: outcome.contentId }, "demo content created (demo@example.com)");
        }
      } catch (error) {
        // The demo is a convenience: the server runs without it.
        platform.logger.error({ err: error }, "demo: could not be created");
      }
    },
  };
}
