/**
 * What `<vitrine-viewer>` is shown of a resolved link: the content of an open or password link,
 * or the snapshot of a sealed link, opened in the browser (its media as blob: URLs).
 */
import type { TSharedDoc } from "@vitrine/contract";
import type { TViewerShowConfig } from "@vitrine/viewer/element";
import type { TOpenedSnapshot } from "./sealed-download";

/** A show's configuration without its language (the embed adds the one of the moment). */
export type TEmbedShowConfig = Omit<TViewerShowConfig, "lang">;

/** The viewer's configuration of a shared content. */
export function contentConfig({
  content,
  branding,
}: Extract<TSharedDoc, { kind: "content" }>): TEmbedShowConfig {
  return {
    modelUrl: content.model_url,
    posterUrl: content.thumbnail_url,
    title: content.title,
    build: content.build,
    specificationImages: content.specification.images,
    dimensions: content.dimensions,
    branding: { showLogo: branding.show_logo, showAds: branding.show_ads },
    homeUrl: "/",
  };
}

/** The viewer's configuration of a sealed link's opened snapshot. */
export function sealedConfig(opened: TOpenedSnapshot, branding: TSharedDoc["branding"]): TEmbedShowConfig {
  return {
    modelUrl: opened.modelUrl,
    title: opened.manifest.title,
    build: opened.manifest.build,
    specificationImages: opened.manifest.specificationImages.map(opened.resolveMedia),
    dimensions: opened.manifest.dimensions,
    branding: { showLogo: branding.show_logo, showAds: branding.show_ads },
    resolveMedia: opened.resolveMedia,
    homeUrl: "/",
  };
}
