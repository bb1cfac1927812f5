/** What the web app reads at start from `GET /api/client-config` (DESIGN "Fixed interfaces"). */
import { z } from "zod";
import { ZEnvelopeSettings } from "../envelope";

/** Languages the product speaks, in the order the language switch shows them. */
export const LANGUAGES = ["ko", "en"] as const;

/** The client configuration: languages, support contacts (display only) and envelope settings. */
export const ZClientConfig = z.object({
  languages: z.array(z.enum(LANGUAGES)).min(1),
  support: z.object({ phone: z.string(), email: z.string() }),
  envelope: ZEnvelopeSettings,
});
/** The client configuration. */
export type TClientConfig = z.infer<typeof ZClientConfig>;

/** Answer of `GET /api/health` (DESIGN "Fixed interfaces"). */
export const ZHealth = z.object({
  status: z.enum(["ok", "error"]),
  db: z.enum(["pglite", "postgres"]),
  blobs: z.enum(["fs", "s3"]),
  mail: z.enum(["outbox", "smtp"]),
  realtime: z.enum(["local", "redis"]),
});
/** Health answer. */
export type THealth = z.infer<typeof ZHealth>;
