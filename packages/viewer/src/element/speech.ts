/**
 * Reading the owner's text aloud in the text's own language: a Korean note is read by a Korean
 * voice even for a visitor browsing in English, and the other way round. The language is found
 * from the letters (Hangul or Latin), sentence by sentence, so a mixed note switches voice.
 */
import type { TViewerLang } from "./types";

/** One stretch of text and the language (BCP 47) to read it in. */
export interface TSpeechPart {
  text: string;
  lang: string;
}

/** What the element needs of a `SpeechSynthesisVoice`. */
export interface TVoiceLike {
  lang: string;
  localService?: boolean;
  default?: boolean;
}

const SPEECH_TAG: Record<TViewerLang, string> = { en: "en-US", ko: "ko-KR" };

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]/gu;
const LATIN = /[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]/gu;

/**
 * The language a text is written in, from its letters; null when it has none (numbers, symbols).
 * A Hangul syllable carries about as much as two or three Latin letters, so Korean with a brand
 * name in Latin letters still counts as Korean.
 */
export function textLang(text: string): TViewerLang | null {
  const hangul = text.match(HANGUL)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  if (hangul === 0 && latin === 0) return null;
  return hangul * 3 >= latin ? "ko" : "en";
}

/**
 * The title and text split into parts read each in its own language. Sentences and lines are
 * judged one by one; one without letters takes its neighbour's language (else the visitor's),
 * and neighbours in the same language are read as one part.
 */
export function speechParts(title: string, content: string, visitorLang: TViewerLang): TSpeechPart[] {
  const pieces = `${title.trim()}${title.trim() && content.trim() ? ".\n" : ""}${content.trim()}`
    .split(/(?<=[.!?。])\s+|\n+/u)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const langs = pieces.map(textLang);
  const first = langs.find((lang) => lang !== null) ?? visitorLang;
  const parts: { text: string; lang: TViewerLang }[] = [];
  pieces.forEach((piece, i) => {
    const lang = langs[i] ?? parts.at(-1)?.lang ?? first;
    const last = parts.at(-1);
    if (last && last.lang === lang) last.text = `${last.text} ${piece}`;
    else parts.push({ text: piece, lang });
  });
  return parts.map((part) => ({ text: part.text, lang: SPEECH_TAG[part.lang] }));
}

/**
 * The voice for a language tag: the same language and region first, then the same language;
 * among equals, a voice on the device (it works offline and starts at once), then the default.
 * Undefined when the device has none (the browser then picks by the utterance's `lang`).
 */
export function pickVoice<T extends TVoiceLike>(voices: readonly T[], lang: string): T | undefined {
  const wanted = lang.toLowerCase();
  const base = wanted.split("-")[0] ?? wanted;
  const score = (voice: T): number => {
    const tag = voice.lang.toLowerCase().replace("_", "-");
    const match = tag === wanted ? 4 : tag.split("-")[0] === base ? 2 : 0;
    if (match === 0) return 0;
    return match + (voice.localService ? 0.5 : 0) + (voice.default ? 0.25 : 0);
  };
  let best: T | undefined;
  let bestScore = 0;
  for (const voice of voices) {
    const s = score(voice);
    if (s > bestScore) {
      best = voice;
      bestScore = s;
    }
  }
  return best;
}
