/**
 * Configuration: every environment variable, parsed once with zod. A bad value stops the
 * process at start with a message naming the variable. docs/configuration.md lists them all.
 * Missing secrets are generated on first start and kept in DATA_DIR/secrets.json.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

const bool = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes", "on"].includes(v)));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
  .pipe(z.url().optional());

const ZEnv = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Vitrine <no-reply@vitrine.local>"),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(true),
  ENVELOPE_ENABLED: bool(true),
  ENVELOPE_SECRET: z.string().min(16).optional(),
  ENVELOPE_SALT: z.string().min(8).optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  SUPPORT_PHONE: z.string().default("+82-2-0000-0000"),
  SUPPORT_EMAIL: z.email().default("support@vitrine.local"),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024 * 1024),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(900),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  SUPER_ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(2),
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(1000),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RATE_LIMITS_ENABLED: bool(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DEMO: bool(false),
  TRUST_PROXY: z.string().default(""),
  TRANSLATION_PROVIDER: z.enum(["none", "deepl", "papago"]).default("none"),
  DEEPL_AUTH_KEY: z.string().optional(),
  DEEPL_SERVER_URL: optionalUrl,
  PAPAGO_CLIENT_ID: z.string().optional(),
  PAPAGO_CLIENT_SECRET: z.string().optional(),
  PAPAGO_URL: optionalUrl,
  PAYMENT_TRANSFER_BANK: z.string().default(""),
  PAYMENT_TRANSFER_ACCOUNT: z.string().default(""),
  PAYMENT_TRANSFER_HOLDER: z.string().default(""),
  RENEWAL_CHECK_MS: z.coerce.number().int().min(0).default(3_600_000),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().default("https://api.stripe.com"),
  TOSS_SECRET_KEY: z.string().optional(),
  TOSS_CLIENT_KEY: z.string().optional(),
  TOSS_API_URL: z.string().default("https://api.tosspayments.com"),
  TOSS_SDK_URL: z.string().default("https://js.tosspayments.com/v2/standard"),
});

/** The machine-translation provider of channel texts (DESIGN "Translation"). */
export type TTranslationConfig =
  | { provider: "none" }
  | { provider: "deepl"; authKey: string; serverUrl: string | undefined }
  | { provider: "papago"; clientId: string; clientSecret: string; url: string };

/** Papago's documented text-translation endpoint. */
export const PAPAGO_DEFAULT_URL = "https://papago.apigw.ntruss.com/nmt/v1/translation";

/** Fastify's `trustProxy`: off, every hop, a hop count, or a list of proxy addresses/CIDR ranges. */
export type TTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** `TRUST_PROXY`: empty/false = off (default); true = every hop; a number = that many hops; else a comma list. */
function trustProxyFrom(value: string): TTrustProxy {
  const text = value.trim();
  if (text === "" || /^(0|false|no|off)$/i.test(text)) return false;
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text.split(",").map((part) => part.trim());
}

/** The parsed configuration the whole server reads. */
export interface TConfig {
  env: "production" | "development" | "test";
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  logLevel: z.infer<typeof ZEnv>["LOG_LEVEL"];
  /** Requests slower than this (ms) are logged at `info`; other successful ones only at `debug`. */
  slowRequestMs: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  envelope: { enabled: boolean; secret: string; salt: string };
  tokenSecret: string;
  support: { phone: string; email: string };
  bodyLimit: number;
  uploadMaxBytes: number;
  accessTokenTtl: number;
  trialDays: number;
  superAdminEmail: string | undefined;
  jobs: { concurrency: number; pollMs: number };
  /** Days raw view logs are kept (rollups are kept). */
  logRetentionDays: number;
  rateLimitsEnabled: boolean;
  shutdownTimeoutMs: number;
  demo: boolean;
  trustProxy: TTrustProxy;
  translation: TTranslationConfig;
  /** Billing (issue 12): where manual payments are transferred; how often renewals are looked at. */
  payments: {
    transfer: { bank: string; account: string; holder: string };
    /** 0: no timer (tests run renewals by hand). */
    renewalCheckMs: number;
    /** Stripe, when both keys are set (renewal charges and webhooks). */
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null;
    /** Toss Payments, when both keys are set (billing keys, charges, webhooks verified by a read-back). */
    toss: { secretKey: string; clientKey: string; apiUrl: string; sdkUrl: string } | null;
  };
}

/** Thrown when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

interface TSecrets {
  envelopeSecret: string;
  envelopeSalt: string;
  tokenSecret: string;
}

/** Reads DATA_DIR/secrets.json, creating it with fresh random secrets when missing. */
function loadOrCreateSecrets(dataDir: string): TSecrets {
  const file = join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const parsed = z
      .object({ envelopeSecret: z.string(), envelopeSalt: z.string(), tokenSecret: z.string() })
      .safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (parsed.success) return parsed.data;
  }
  const secrets: TSecrets = {
    envelopeSecret: randomBytes(24).toString("base64url"),
    envelopeSalt: randomBytes(12).toString("base64url"),
    tokenSecret: randomBytes(48).toString("base64url"),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The translation provider's settings; throws ConfigError when its keys are missing. */
function translationFrom(e: z.infer<typeof ZEnv>): TTranslationConfig {
  if (e.TRANSLATION_PROVIDER === "deepl") {
    if (!e.DEEPL_AUTH_KEY) {
      throw new ConfigError(
        "Invalid configuration:\n  TRANSLATION_PROVIDER is deepl, so DEEPL_AUTH_KEY is required",
      );
    }
    return { provider: "deepl", authKey: e.DEEPL_AUTH_KEY, serverUrl: e.DEEPL_SERVER_URL };
  }
  if (e.TRANSLATION_PROVIDER === "papago") {
    if (!e.PAPAGO_CLIENT_ID || !e.PAPAGO_CLIENT_SECRET) {
      throw new ConfigError(
        "Invalid configuration:\n  TRANSLATION_PROVIDER is papago, so PAPAGO_CLIENT_ID and PAPAGO_CLIENT_SECRET are required",
      );
    }
    return {
      provider: "papago",
      clientId: e.PAPAGO_CLIENT_ID,
      clientSecret: e.PAPAGO_CLIENT_SECRET,
      url: e.PAPAGO_URL ?? PAPAGO_DEFAULT_URL,
    };
  }
  return { provider: "none" };
}

/** Parses the environment; throws ConfigError naming each invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  let s3: TConfig["s3"];
  if (e.S3_BUCKET) {
    if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
      throw new ConfigError(
        "Invalid configuration:\n  S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required",
      );
    }
    s3 = {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  const translation = translationFrom(e);
  const needsGenerated = !e.ENVELOPE_SECRET || !e.ENVELOPE_SALT || !e.TOKEN_SECRET;
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3,
    envelope: {
      enabled: e.ENVELOPE_ENABLED,
      secret: e.ENVELOPE_SECRET ?? generated?.envelopeSecret ?? "",
      salt: e.ENVELOPE_SALT ?? generated?.envelopeSalt ?? "",
    },
    tokenSecret: e.TOKEN_SECRET ?? generated?.tokenSecret ?? "",
    support: { phone: e.SUPPORT_PHONE, email: e.SUPPORT_EMAIL },
    bodyLimit: e.BODY_LIMIT,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    trialDays: e.TRIAL_DAYS,
    superAdminEmail: e.SUPER_ADMIN_EMAIL,
    jobs: { concurrency: e.JOBS_CONCURRENCY, pollMs: e.JOBS_POLL_MS },
    logRetentionDays: e.LOG_RETENTION_DAYS,
    rateLimitsEnabled: e.RATE_LIMITS_ENABLED,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    demo: e.DEMO,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    translation,
    payments: {
      transfer: {
        bank: e.PAYMENT_TRANSFER_BANK.trim(),
        account: e.PAYMENT_TRANSFER_ACCOUNT.trim(),
        holder: e.PAYMENT_TRANSFER_HOLDER.trim(),
      },
      renewalCheckMs: e.RENEWAL_CHECK_MS,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ""),
            }
          : null,
      toss:
        e.TOSS_SECRET_KEY && e.TOSS_CLIENT_KEY
          ? {
              secretKey: e.TOSS_SECRET_KEY,
              clientKey: e.TOSS_CLIENT_KEY,
              apiUrl: e.TOSS_API_URL.replace(/\/+$/, ""),
              sdkUrl: e.TOSS_SDK_URL,
            }
          : null,
    },
  };
}
