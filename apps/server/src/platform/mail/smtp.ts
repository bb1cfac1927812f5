/** The SMTP mailer: sends through the server named by `SMTP_URL` (nodemailer URL syntax). */
import type { FastifyBaseLogger } from "fastify";
import { createTransport } from "nodemailer";
import type { TMailer } from "../types";

/**
 * Creates the SMTP mailer. Options such as `?ignoreTLS=true` or `?pool=true` may be given as
 * query parameters of the URL.
 */
export function createSmtpMailer(smtpUrl: string, from: string, logger: FastifyBaseLogger): TMailer {
  const transport = createTransport(smtpUrl);

  return {
    kind: "smtp",

    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      logger.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        "mail sent over SMTP",
      );
      return { id: info.messageId };
    },

    async close() {
      transport.close();
    },
  };
}
