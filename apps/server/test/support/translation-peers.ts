/**
 * Local HTTP servers speaking the documented APIs of the translation providers, so the adapters
 * are exercised over real HTTP without the network: DeepL `POST /v2/translate` (form body, repeated
 * `text`, `source_lang`, `target_lang`; `Authorization: DeepL-Auth-Key …`) and Papago
 * `POST /nmt/v1/translation` (JSON `source`, `target`, `text`; `x-ncp-apigw-api-key-id` and
 * `x-ncp-apigw-api-key` headers). Each "translates" by tagging the text with the target language.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A running peer. */
export interface TTranslationPeer {
  url: string;
  /** Requests received, in order. */
  requests: { path: string; headers: IncomingMessage["headers"]; body: string }[];
  /** Makes the next requests fail with this HTTP status (null: answer normally). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** What the peers answer for `text` translated into `target`. */
export function fakeTranslation(text: string, target: string): string {
  return `[${target.toLowerCase()}] ${text}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function start(
  handle: (path: string, headers: IncomingMessage["headers"], body: string) => [number, unknown],
) {
  return new Promise<TTranslationPeer>((resolve) => {
    const requests: TTranslationPeer["requests"] = [];
    let failure: number | null = null;
    const server: Server = createServer(async (req, res) => {
      const body = await readBody(req);
      const path = req.url ?? "/";
      requests.push({ path, headers: req.headers, body });
      const [status, answer] = failure ? [failure, { message: "failure" }] : handle(path, req.headers, body);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        failWith(status) {
          failure = status;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A DeepL API peer accepting `authKey`. */
export function startDeeplPeer(authKey: string): Promise<TTranslationPeer> {
  return start((path, headers, body) => {
    if (path !== "/v2/translate") return [404, { message: "Not found" }];
    if (headers.authorization !== `DeepL-Auth-Key ${authKey}`) return [403, { message: "Wrong key" }];
    const form = new URLSearchParams(body);
    const target = form.get("target_lang") ?? "";
    const source = form.get("source_lang") ?? "";
    if (!["EN-US", "EN-GB", "KO"].includes(target.toUpperCase())) {
      return [400, { message: "Value for 'target_lang' not supported." }];
    }
    return [
      200,
      {
        translations: form.getAll("text").map((text) => ({
          detected_source_language: source.toUpperCase(),
          text: fakeTranslation(text, target),
          billed_characters: text.length,
        })),
      },
    ];
  });
}

/** A Papago peer accepting `clientId` / `clientSecret`. */
export function startPapagoPeer(clientId: string, clientSecret: string): Promise<TTranslationPeer> {
  return start((path, headers, body) => {
    if (path !== "/nmt/v1/translation") return [404, { errorMessage: "Not found" }];
    if (headers["x-ncp-apigw-api-key-id"] !== clientId || headers["x-ncp-apigw-api-key"] !== clientSecret) {
      return [401, { error: { errorCode: "200", message: "Authentication Failed" } }];
    }
    const { source, target, text } = JSON.parse(body) as { source: string; target: string; text: string };
    return [
      200,
      {
        message: {
          "@type": "response",
          "@service": "naverservice.nmt.proxy",
          "@version": "1.0.0",
          result: { srcLangType: source, tarLangType: target, translatedText: fakeTranslation(text, target) },
        },
      },
    ];
  });
}
