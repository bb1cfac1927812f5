/**
 * Machine translation of the owner's channel texts: each text is translated once per provider
 * and language pair (a cache keyed by the text's SHA-256) and stored marked `machine`.
 */
import { createHash } from "node:crypto";
import { AppError, type TChannelDoc, type TChannelLang, type TTranslatableField } from "@vitrine/contract";
import type { TAuth } from "../../platform/types";
import type { TChannelsDeps } from "./deps";
import { ownChannel } from "./deps";
import { toChannelDoc } from "./mapper";
import { cachedTranslations, cacheTranslations, updateChannel } from "./queries";

/** Translates texts of the caller's channel into `to` and stores them as its machine translation. */
export type TTranslate = (
  auth: TAuth,
  channelId: string,
  texts: Partial<Record<TTranslatableField, string>>,
  from: TChannelLang,
  to: TChannelLang,
) => Promise<TChannelDoc>;

/** The cache key of a text. */
function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Creates the translate verb. */
export function createTranslate(deps: Pick<TChannelsDeps, "db" | "translator" | "now">): TTranslate {
  const { db, translator, now } = deps;
  return async (auth, channelId, texts, from, to) => {
    const row = await ownChannel(db, auth, channelId);
    const entries = Object.entries(texts).filter(([, text]) => text.trim() !== "") as [
      TTranslatableField,
      string,
    ][];
    const key = { provider: translator.info.provider, sourceLang: from, targetLang: to };
    if (translator.info.provider === "none") throw new AppError("translationOff");
    const hashes = entries.map(([, text]) => hashOf(text));
    const cached = await cachedTranslations(db, key, hashes);
    const missing = entries.filter((_, i) => !cached.has(hashes[i] ?? ""));
    const fresh = await translator.translate(
      missing.map(([, text]) => text),
      from,
      to,
    );
    const made = missing.map(([, text], i) => ({ hash: hashOf(text), text: fresh[i] ?? "" }));
    await cacheTranslations(db, key, made);
    for (const entry of made) cached.set(entry.hash, entry.text);
    const target = { ...row.transinfo[to] };
    const sources = { ...row.transSource[to] };
    entries.forEach(([field], i) => {
      target[field] = (cached.get(hashes[i] ?? "") ?? "").slice(0, 2000);
      sources[field] = "machine";
    });
    const updated = await updateChannel(db, row.id, auth.userId, {
      transinfo: { ...row.transinfo, [to]: target },
      transSource: { ...row.transSource, [to]: sources },
      updatedAt: now(),
    });
    if (!updated) throw new AppError("notFound");
    return toChannelDoc(updated);
  };
}
