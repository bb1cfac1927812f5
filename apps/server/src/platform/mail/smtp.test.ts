import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMailer, readOutbox } from "./index";

interface TReceived {
  from: string;
  to: string[];
  mail: ParsedMail;
}

describe("SMTP mailer against a real SMTP receiver", () => {
  const received: TReceived[] = [];
  let server: SMTPServer;
  let port = 0;
  let dataDir = "";

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "vitrine-smtp-"));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            const envelope = session.envelope;
            received.push({
              from: envelope.mailFrom ? envelope.mailFrom.address : "",
              to: envelope.rcptTo.map((r) => r.address),
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it("delivers the message with the right envelope, headers and Korean body", async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
      MAIL_FROM: "Vitrine <no-reply@vitrine.test>",
    });
    const mailer = createMailer(config, Fastify({ logger: false }).log);
    expect(mailer.kind).toBe("smtp");

    const { id } = await mailer.send({
      to: "owner@example.kr",
      subject: "비밀번호 재설정",
      text: "아래 링크로 비밀번호를 재설정하세요: https://vitrine.test/reset?t=abc",
      html: '<p>아래 링크로 비밀번호를 재설정하세요: <a href="https://vitrine.test/reset?t=abc">재설정</a></p>',
    });
    await mailer.close();

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.from).toBe("no-reply@vitrine.test");
    expect(got?.to).toEqual(["owner@example.kr"]);
    expect(got?.mail.messageId).toBe(id);
    expect(got?.mail.subject).toBe("비밀번호 재설정");
    expect(got?.mail.text?.trim()).toBe(
      "아래 링크로 비밀번호를 재설정하세요: https://vitrine.test/reset?t=abc",
    );
    expect(got?.mail.html).toContain('href="https://vitrine.test/reset?t=abc"');
    expect(got?.mail.html).toContain(">재설정</a>");
    // With SMTP configured nothing lands in the outbox.
    expect(await readOutbox(dataDir)).toEqual([]);
  });

  it("reports a refused connection instead of losing the message silently", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ authOptional: true, logger: false });
      probe.listen(0, "127.0.0.1", () => {
        const freePort = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(freePort));
      });
    });
    const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${closed}/?ignoreTLS=true` });
    const mailer = createMailer(config, Fastify({ logger: false }).log);
    await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow();
    await mailer.close();
  });
});
