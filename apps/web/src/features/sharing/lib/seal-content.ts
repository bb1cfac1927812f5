/**
 * The owner's side of an encrypted link: gathers a content's optimised model and every file its
 * build shows (annotation and step images and videos, specification images, the background
 * image), packs them with the build into one snapshot and encrypts it in the browser.
 */
import type { TContentDoc } from "@vitrine/contract";
import { sealSnapshot } from "@vitrine/viewer/sealed";
import { fetchBytes } from "./fetch-bytes";

/** Every media URL the viewer may ask for, each once, in a stable order. */
export function snapshotMediaUrls(doc: Pick<TContentDoc, "build" | "specification">): string[] {
  const { annotationinfo, animationinfo, sceneinfo } = doc.build;
  const urls = [
    ...annotationinfo.flatMap((a) => [...a.images, ...a.videos]),
    ...animationinfo.flatMap((s) => s.images),
    ...doc.specification.images,
    ...(sceneinfo.background.image ? [sceneinfo.background.image] : []),
  ];
  return [...new Set(urls)];
}

/** Steps of sealing, for the progress display. */
export type TSealPhase = "collect" | "encrypt";

/** Fetches, packs and encrypts `doc`; `onProgress` gets the phase and its share done (0..1). */
export async function sealContent(
  doc: TContentDoc,
  onProgress: (phase: TSealPhase, fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ ciphertext: Uint8Array; key: string }> {
  if (!doc.model_url) throw new Error("The content has no optimised model.");
  const urls = [doc.model_url, ...snapshotMediaUrls(doc)];
  // The model is most of the bytes: it counts for as much as all the media together.
  const weights = urls.map((_, i) => (i === 0 ? Math.max(1, urls.length - 1) : 1));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let doneWeight = 0;
  const files: { path: string; type: string; bytes: Uint8Array }[] = [];
  onProgress("collect", 0);
  for (const [i, url] of urls.entries()) {
    const weight = weights[i] ?? 1;
    const { bytes, type } = await fetchBytes(url, {
      signal,
      onProgress: (f) => onProgress("collect", (doneWeight + f * weight) / totalWeight),
    });
    doneWeight += weight;
    files.push({ path: url, type, bytes });
  }
  onProgress("encrypt", 0);
  const sealed = await sealSnapshot({
    title: doc.title,
    build: doc.build,
    specificationImages: doc.specification.images,
    dimensions: doc.model_info?.dimensions ?? null,
    files,
    model: doc.model_url,
  });
  onProgress("encrypt", 1);
  return sealed;
}
