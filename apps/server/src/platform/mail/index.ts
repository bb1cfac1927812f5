/**
 * The mail adapter: an `.eml` outbox under `DATA_DIR` by default, SMTP when `SMTP_URL` is set.
 * Messages are sent from `MAIL_FROM`.
 */
import type { FastifyBaseLogger } from "fastify";
import type { TConfig } from "../../config";
import type { TMailer } from "../types";
import { createOutboxMailer } from "./outbox";
import { createSmtpMailer } from "./smtp";

export { createOutboxMailer, outboxDir, readOutbox, type TOutboxMessage } from "./outbox";
export { createSmtpMailer } from "./smtp";

/** Creates the mailer the configuration asks for. */
export function createMailer(config: TConfig, logger: FastifyBaseLogger): TMailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom, logger);
  return createOutboxMailer(config.dataDir, config.mailFrom, logger);
}
