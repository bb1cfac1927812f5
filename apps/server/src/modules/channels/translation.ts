/**
 * Machine translation of channel texts behind one interface (DESIGN "Translation"): `none`
 * (default; the owner writes the other language), `deepl` (the official `deepl-node` client,
 * pointed at `DEEPL_SERVER_URL` when set) and `papago` (NAVER Cloud's documented REST API).
 * Provider failures become `translationFailed`; keys never reach a log or a client.
 */
import { AppError, type TChannelLang, type TTranslationInfo } from "@vitrine/contract";
import type { Translator } from "deepl-node";
import type { FastifyBaseLogger } from "fastify";
import type { TTranslationConfig } from "../../config";

/** A translation provider. */
export interface TTranslator {
  info: TTranslationInfo;
  /** Translates each text from `from` to `to`, in order. */
  translate(texts: readonly string[], from: TChannelLang, to: TChannelLang): Promise<string[]>;
}

/** How long one provider request may take. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Papago's attribution, shown beside its translations (its terms ask for it). */
export const PAPAGO_ATTRIBUTION = "Translated by Papago";

/** The translator of `config`. */
export function createTranslator(config: TTranslationConfig, logger: FastifyBaseLogger): TTranslator {
  /** Logs why a provider failed (never its keys) and answers the error the owner sees. */
  const failed = (cause: unknown): AppError => {
    logger.warn(
      { provider: config.provider, err: cause instanceof Error ? cause.message : String(cause) },
      "translation failed",
    );
    return new AppError("translationFailed");
  };
  switch (config.provider) {
    case "deepl":
      return deeplTranslator(config.authKey, config.serverUrl, failed);
    case "papago":
      return papagoTranslator(config.clientId, config.clientSecret, config.url, failed);
    default:
      return {
        info: { provider: "none", attribution: null },
        async translate() {
          throw new AppError("translationOff");
        },
      };
  }
}

type TFailed = (cause: unknown) => AppError;

/** DeepL: English targets need a variant since the API retired plain `EN` as a target. */
function deeplTranslator(authKey: string, serverUrl: string | undefined, failed: TFailed): TTranslator {
  // deepl-node is imported at the first translation, not at start (bench/README.md, server-memory).
  let connecting: Promise<Translator> | undefined;
  const client = () => {
    connecting ??= import("deepl-node").then(
      (deepl) =>
        new deepl.Translator(authKey, {
          ...(serverUrl ? { serverUrl } : {}),
          maxRetries: 1,
          minTimeout: REQUEST_TIMEOUT_MS,
          sendPlatformInfo: false,
        }),
    );
    return connecting;
  };
  return {
    info: { provider: "deepl", attribution: null },
    async translate(texts, from, to) {
      if (texts.length === 0) return [];
      try {
        const results = await (await client()).translateText([...texts], from, to === "en" ? "en-US" : "ko");
        return results.map((r) => r.text);
      } catch (error) {
        throw failed(error);
      }
    },
  };
}

interface TPapagoAnswer {
  message?: { result?: { translatedText?: unknown } };
}

/** Papago: one JSON request per text (`source`, `target`, `text`). */
function papagoTranslator(clientId: string, clientSecret: string, url: string, failed: TFailed): TTranslator {
  async function one(text: string, from: TChannelLang, to: TChannelLang): Promise<string> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          "x-ncp-apigw-api-key-id": clientId,
          "x-ncp-apigw-api-key": clientSecret,
          "content-type": "application/json",
        },
        body: JSON.stringify({ source: from, target: to, text }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok) throw failed(`papago answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as TPapagoAnswer | null;
    const translated = body?.message?.result?.translatedText;
    if (typeof translated !== "string") throw failed("papago answer without translatedText");
    return translated;
  }
  return {
    info: { provider: "papago", attribution: PAPAGO_ATTRIBUTION },
    async translate(texts, from, to) {
      const out: string[] = [];
      for (const text of texts) out.push(await one(text, from, to));
      return out;
    },
  };
}
