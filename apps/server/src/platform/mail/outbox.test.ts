import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMailer, readOutbox } from "./index";

/** A real pino logger (Fastify's) whose lines the test can read. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const app = Fastify({ logger: { level: "info", stream } });
  return { logger: app.log, lines };
}

describe("outbox mailer", () => {
  let dataDir = "";

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "vitrine-mail-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes a multipart .eml with the right headers, and logs no body", async () => {
    const { logger, lines } = capturingLogger();
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: "Vitrine <no-reply@vitrine.test>" });
    const mailer = createMailer(config, logger);
    expect(mailer.kind).toBe("outbox");

    const { id } = await mailer.send({
      to: "owner@example.com",
      subject: "Your code is waiting",
      text: "Your code: 482913",
      html: "<p>Your code: <b>482913</b></p>",
    });
    await mailer.close();
    expect(id).toMatch(/^<.+@.+>$/);

    const names = (await readdir(join(dataDir, "outbox"))).filter((n) => n.endsWith(".eml"));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+\.eml$/);
    const raw = await readFile(join(dataDir, "outbox", names[0] ?? ""), "utf8");
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw).toContain("\r\n");

    const [message] = await readOutbox(dataDir);
    expect(message?.to).toBe("owner@example.com");
    expect(message?.subject).toBe("Your code is waiting");
    expect(message?.text.trim()).toBe("Your code: 482913");
    expect(message?.html).toContain("<b>482913</b>");
    expect(raw).toMatch(/^From: Vitrine <no-reply@vitrine\.test>$/m);
    expect(raw).toMatch(/^To: owner@example\.com$/m);

    const log = lines.join("");
    expect(log).toContain("owner@example.com");
    expect(log).toContain("Your code is waiting");
    expect(log).toContain(names[0]);
    expect(log).not.toContain("482913");
  });

  it("keeps Korean subject and body intact through encoded headers", async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), logger);
    await mailer.send({
      to: "김민지 <minji@example.kr>",
      subject: "비트린 인증 코드: 123456",
      text: "안녕하세요, 인증 코드는 123456입니다.",
      html: "<p>안녕하세요, 인증 코드는 <b>123456</b>입니다.</p>",
    });

    const [name] = (await readdir(join(dataDir, "outbox"))).filter((n) => n.endsWith(".eml"));
    const raw = await readFile(join(dataDir, "outbox", name ?? ""), "utf8");
    // Headers must be 7-bit: non-ASCII goes in RFC 2047 encoded words.
    const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headers).toMatch(/^Subject: =\?UTF-8\?/m);
    expect([...headers].every((c) => c.charCodeAt(0) < 128)).toBe(true);

    const [message] = await readOutbox(dataDir);
    expect(message?.subject).toBe("비트린 인증 코드: 123456");
    expect(message?.to).toBe("minji@example.kr");
    expect(message?.text.trim()).toBe("안녕하세요, 인증 코드는 123456입니다.");
    expect(message?.html).toContain("<b>123456</b>입니다.");
  });

  it("readOutbox lists messages newest last, and nothing before the first mail", async () => {
    expect(await readOutbox(dataDir)).toEqual([]);
    const { logger } = capturingLogger();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), logger);
    for (const n of [1, 2, 3, 4, 5]) {
      await mailer.send({ to: `user${n}@example.com`, subject: `Message ${n}`, text: `Body ${n}` });
    }
    const messages = await readOutbox(dataDir);
    expect(messages.map((m) => m.subject)).toEqual([
      "Message 1",
      "Message 2",
      "Message 3",
      "Message 4",
      "Message 5",
    ]);
    expect(messages.map((m) => m.to)).toEqual([1, 2, 3, 4, 5].map((n) => `user${n}@example.com`));
    expect(messages[4]?.html).toBeUndefined();
    expect(messages[4]?.date).toBeInstanceOf(Date);
    expect(messages[4]?.file.startsWith(join(dataDir, "outbox"))).toBe(true);
  });
});
