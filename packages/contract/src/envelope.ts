/**
 * The request envelope of DESIGN.md "Fixed interfaces": the zod-free core
 * (`./envelope-core`, also a subpath export for `/embed`) plus the schema of its settings.
 */
import { z } from "zod";
import type { TEnvelopeSettings } from "./envelope-core";

export * from "./envelope-core";

/** Envelope settings as published by `GET /api/client-config`. */
export const ZEnvelopeSettings = z.object({
  enabled: z.boolean(),
  secret: z.string(),
  salt: z.string(),
  iterations: z.number().int().positive(),
}) satisfies z.ZodType<TEnvelopeSettings>;
