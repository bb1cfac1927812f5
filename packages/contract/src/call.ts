/**
 * `defineCall`: every API call is declared once here, with its path, zod input and output,
 * auth level and rate-limit class. The server binds handlers by declaration; the web calls
 * `api(call, payload)` with types inferred from the same declaration.
 */
import { z } from "zod";

/** Who may make a call: anyone, a signed-in owner, or a super account. */
export type TAuthLevel = "none" | "owner" | "super";

/** Rate-limit classes; limits per class are server configuration. */
export type TRateClass = "default" | "auth" | "log" | "upload" | "heavy";

/** A declared call. */
export interface TCall<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Full path, always under `/api/` (e.g. `/api/user/request_UserInfoById`). */
  readonly path: string;
  /** Request payload schema. */
  readonly input: I;
  /** Response `data` schema. */
  readonly output: O;
  /** Who may call it. */
  readonly auth: TAuthLevel;
  /** Which rate-limit bucket it counts against. */
  readonly rate: TRateClass;
  /** One line for the generated API reference. */
  readonly summary: string;
  /** Module that owns the call (same names on server and web). */
  readonly module: string;
}

/** Input type of a call. */
export type TCallInput<C extends TCall> = z.input<C["input"]>;
/** Output type of a call. */
export type TCallOutput<C extends TCall> = z.output<C["output"]>;

/** Declares a call. */
export function defineCall<I extends z.ZodType, O extends z.ZodType>(def: {
  path: string;
  module: string;
  input: I;
  output: O;
  auth: TAuthLevel;
  rate?: TRateClass;
  summary: string;
}): TCall<I, O> {
  if (!def.path.startsWith("/api/")) throw new Error(`call path must start with /api/: ${def.path}`);
  return { ...def, rate: def.rate ?? "default" };
}

/** The response body every call answers with. */
export const ZResponseEnvelope = z.object({
  status: z.boolean(),
  rescode: z.number().int(),
  data: z.unknown(),
  atk: z.string().optional(),
  message: z.string().optional(),
});
/** Response body. */
export type TResponseEnvelope<D = unknown> = {
  status: boolean;
  rescode: number;
  data: D;
  atk?: string;
  message?: string;
};

/** The empty payload most visitor calls send. */
export const ZEmpty = z.object({}).strict();
