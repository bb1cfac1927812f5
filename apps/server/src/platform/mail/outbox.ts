/**
 * The outbox mailer: with no SMTP server configured, each message is written as a real
 * RFC 5322 file `DATA_DIR/outbox/<time>-<id>.eml`. Only subject, recipient and file are logged;
 * bodies carry codes and links, which are secrets.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AddressObject } from "mailparser";
import type { Transporter } from "nodemailer";
import type { TMailer } from "../types";

/** One message read back from the outbox. */
export interface TOutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  html: string | undefined;
  date: Date;
}

/** The outbox folder under a data directory. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, "outbox");
}

/** Creates the outbox mailer writing under `DATA_DIR/outbox`. */
export function createOutboxMailer(dataDir: string, from: string, logger: FastifyBaseLogger): TMailer {
  const dir = outboxDir(dataDir);
  // nodemailer is imported with the first message, not at start (bench/README.md, server-memory).
  let composing: Promise<Transporter> | undefined;
  const composer = () => {
    composing ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: "windows" }),
    );
    return composing;
  };
  let lastTime = 0;

  return {
    kind: "outbox",

    async send(message) {
      const info = await (await composer()).sendMail({ from, ...message });
      if (!Buffer.isBuffer(info.message))
        throw new Error("nodemailer did not return the message as a buffer");
      // Strictly increasing times keep file names in send order within this process.
      lastTime = Math.max(Date.now(), lastTime + 1);
      const time = new Date(lastTime).toISOString().replace(/:/g, "-");
      const file = join(dir, `${time}-${randomBytes(6).toString("hex")}.eml`);
      await mkdir(dir, { recursive: true });
      // Written under a dot name first, so a reader never parses half a message.
      const tmp = join(dir, `.${randomBytes(6).toString("hex")}.tmp`);
      await writeFile(tmp, info.message, { mode: 0o600 });
      await rename(tmp, file);
      logger.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
      return { id: info.messageId };
    },

    async close() {
      (await composing)?.close();
    },
  };
}

function firstAddress(to: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(to) ? to : to ? [to] : [];
  return list.flatMap((a) => a.value).find((a) => a.address)?.address ?? "";
}

/** Reads every message in `DATA_DIR/outbox`, oldest first (newest last); none when it is absent. */
export async function readOutbox(dataDir: string): Promise<TOutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((n) => n.endsWith(".eml") && !n.startsWith(".")).sort();
  const messages: TOutboxMessage[] = [];
  const { simpleParser } = await import("mailparser");
  for (const name of files) {
    const file = join(dir, name);
    const parsed = await simpleParser(await readFile(file));
    messages.push({
      file,
      to: firstAddress(parsed.to),
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      html: parsed.html === false ? undefined : parsed.html,
      date: parsed.date ?? new Date(0),
    });
  }
  return messages;
}
