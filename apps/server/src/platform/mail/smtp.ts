/** The SMTP mailer: sends through the server named by `SMTP_URL` (nodemailer URL syntax). */
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { TMailer } from "../types";

/**
 * Creates the SMTP mailer. Options such as `?ignoreTLS=true` or `?pool=true` may be given as
 * query parameters of the URL.
 */
export function createSmtpMailer(smtpUrl: string, from: string, logger: FastifyBaseLogger): TMailer {
  // nodemailer is imported with the first message, not at start (bench/README.md, server-memory).
  let transporting: Promise<Transporter> | undefined;
  const transport = () => {
    transporting ??= import("nodemailer").then(({ createTransport }) => createTransport(smtpUrl));
    return transporting;
  };

  return {
    kind: "smtp",

    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      logger.info(
        { to: message.to, subject: message.subject, messageId: info.messageId },
        "mail sent over SMTP",
      );
      return { id: info.messageId };
    },

    async close() {
      (await transporting)?.close();
    },
  };
}
