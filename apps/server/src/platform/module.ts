/**
 * How a server module plugs in: it binds contract calls to handlers and may have a
 * life cycle (start workers, flush buffers at shutdown).
 */
import { AppError, type TCall, type TCallOutput, type TCodeName } from "@vitrine/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { TPageMetaResolver } from "./http/web";
import type { TRealtime } from "./realtime/index";
import type { TAuth, TAuthResolver, TPlatform } from "./types";

/** What a handler gets besides its validated input. */
export interface TCallContext {
  platform: TPlatform;
  /** Null for visitors; set for `owner` and `super` calls (the dispatcher guarantees it there). */
  auth: TAuth | null;
  ip: string;
  userAgent: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler: validated input in, output (validated by the dispatcher) out. Throws AppError. */
export type TCallHandler<C extends TCall> = (
  input: z.output<C["input"]>,
  ctx: TCallContext,
) => Promise<TCallOutput<C>>;

/** A call bound to its handler. */
export interface TCallBinding {
  call: TCall;
  handler: (input: unknown, ctx: TCallContext) => Promise<unknown>;
  /** Success code whose message the answer carries (SPEC §8 successes); none by default. */
  success?: TCodeName;
  /**
   * Also takes the envelope as a `text/plain` body, which is what `navigator.sendBeacon` sends
   * for a string. Only calls that need beacons (page-view logs) opt in: a `text/plain` POST
   * needs no CORS preflight, so other calls keep refusing it.
   */
  acceptsBeacon?: boolean;
}

/** The signed-in caller of an `owner` call (the dispatcher admits no one else; this keeps handlers honest). */
export function authOf(ctx: TCallContext): TAuth {
  if (!ctx.auth) throw new AppError("forbidden");
  return ctx.auth;
}

/** The super account calling a console call (the dispatcher admits only those; this keeps handlers honest). */
export function superOf(ctx: TCallContext): TAuth {
  if (!ctx.auth?.isSuper) throw new AppError("forbidden");
  return ctx.auth;
}

/** Binds a declared call to its handler, keeping the types of both. */
export function bindCall<C extends TCall>(
  call: C,
  handler: TCallHandler<C>,
  options: { success?: TCodeName; acceptsBeacon?: boolean } = {},
): TCallBinding {
  return { call, handler: handler as TCallBinding["handler"], ...options };
}

/** A server module. */
export interface TModule {
  name: string;
  calls: TCallBinding[];
  /** Turns bearer tokens into callers; the app uses the first module's that has one (accounts). */
  authResolver?: TAuthResolver;
  /** Link-preview facts of the web pages it knows (sharing: `/share/:id`, `/embed?id=`). */
  pageMeta?: TPageMetaResolver;
  /** Takes part in the realtime socket (the chat routes its events); called once at build. */
  realtime?(realtime: TRealtime): void;
  /** Registers extra HTTP routes (uploads, blob serving) that are not contract calls. */
  routes?(app: FastifyInstance): Promise<void> | void;
  start?(): void | Promise<void>;
  /** Called at shutdown after the server stops taking requests: flush, stop workers. */
  stop?(): Promise<void>;
}
