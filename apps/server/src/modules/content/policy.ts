/**
 * Who may do what with a content, and what a plan allows in it (SPEC §1, §6). Every owner
 * handler asks `canEditContent`; updates pass `checkPlanLimits` and `checkMotionSteps`.
 */
import {
  AppError,
  type TBuild,
  type TFieldErrors,
  type TPlanLimits,
  type TSpecification,
} from "@vitrine/contract";
import type { TAuth } from "../../platform/types";

/** The owner of a content row. */
export interface TOwned {
  ownerId: string;
}

/** True when `auth` may read and change the content: its owner only. */
export function canEditContent(auth: TAuth | null, row: TOwned): boolean {
  return auth !== null && auth.userId === row.ownerId;
}

/** A limit an update can reach. */
export type TContentLimit = "annotation" | "annotation_image" | "step_image" | "link_buttons";

/** Messages naming each limit. */
export function planLimitMessage(limit: TContentLimit, max: number): string {
  if (limit === "annotation") {
    return max === 0
      ? "Your plan does not include annotations. Upgrade your plan to add them."
      : `Your plan's limit is reached: up to ${max} annotations per content.`;
  }
  if (limit === "annotation_image") {
    return max === 0
      ? "Your plan does not include images in annotations. Upgrade your plan to add them."
      : `Your plan's limit is reached: up to ${max} images per annotation.`;
  }
  if (limit === "step_image") {
    return max === 0
      ? "Your plan does not include images in motion steps. Upgrade your plan to add them."
      : `Your plan's limit is reached: up to ${max} images per motion step.`;
  }
  return "Your plan does not include homepage and purchase link buttons.";
}

function planLimit(limit: TContentLimit, max: number): AppError {
  return new AppError("planLimit", { message: planLimitMessage(limit, max), data: { limit, max } });
}

/** What an update changes, and what the content had before. */
export interface TLimitedChange {
  build?: TBuild;
  specification?: TSpecification;
}

/**
 * Enforces the plan's annotation, image-per-annotation and link-button limits. Limits stop
 * additions only: a content that already holds more (made during a trial, say) can still be
 * edited as long as nothing over the limit grows.
 */
export function checkPlanLimits(
  limits: TPlanLimits,
  next: TLimitedChange,
  previous: { build: TBuild; specification: TSpecification },
): void {
  if (next.build) {
    const annotations = next.build.annotationinfo;
    const before = previous.build.annotationinfo;
    const maxAnnotations = limits.annotation.enable ? limits.annotation.limit_count : 0;
    if (annotations.length > maxAnnotations && annotations.length > before.length) {
      throw planLimit("annotation", maxAnnotations);
    }
    const maxImages = limits.annotation_image.enable ? limits.annotation_image.limit_count : 0;
    const imagesBefore = new Map(before.map((a) => [a.annotation_id, a.images.length]));
    for (const annotation of annotations) {
      const count = annotation.images.length;
      if (count > maxImages && count > (imagesBefore.get(annotation.annotation_id) ?? 0)) {
        throw planLimit("annotation_image", maxImages);
      }
    }
    // Motion steps take images with the same cap as annotations (the pricing table's decision);
    // `data.limit` names the plan capability they share (SPEC §3 annotation_image).
    const stepImagesBefore = new Map(
      previous.build.animationinfo.map((s) => [s.animation_id, s.images.length]),
    );
    for (const step of next.build.animationinfo) {
      const count = step.images.length;
      if (count > maxImages && count > (stepImagesBefore.get(step.animation_id) ?? 0)) {
        throw new AppError("planLimit", {
          message: planLimitMessage("step_image", maxImages),
          data: { limit: "annotation_image", max: maxImages },
        });
      }
    }
  }
  if (next.specification) {
    const buttons: Array<[string | null, string | null, boolean]> = [
      [
        next.specification.homepage_url,
        previous.specification.homepage_url,
        limits.sharing.enable_homepage_linkbtn,
      ],
      [
        next.specification.purchase_url,
        previous.specification.purchase_url,
        limits.sharing.enable_purchase_linkbtn,
      ],
    ];
    for (const [url, before, isEnabled] of buttons) {
      if (url !== null && url !== before && !isEnabled) throw planLimit("link_buttons", 0);
    }
  }
}

/** The message of a motion step on a model not produced by Vitrine (SPEC §1). */
export const MOTION_PRODUCED_ONLY = "Motion steps are for models produced by Vitrine.";
/** The message of a motion step naming a clip the model does not have. */
export const MOTION_UNKNOWN_CLIP = "The model has no motion with this name.";

/**
 * Motion steps are open only on produced models; each step must name a clip of the model when
 * the model's clips are known. Steps already saved may stay when a content loses the mark.
 */
export function checkMotionSteps(
  next: TBuild,
  previous: TBuild,
  isProduced: boolean,
  clips: readonly string[] | null,
): void {
  const steps = next.animationinfo;
  if (steps.length === 0) return;
  if (!isProduced && JSON.stringify(steps) !== JSON.stringify(previous.animationinfo)) {
    throw new AppError("validation", { fields: { "build.animationinfo": MOTION_PRODUCED_ONLY } });
  }
  if (clips === null) return;
  const fields: TFieldErrors = {};
  steps.forEach((step, i) => {
    if (!clips.includes(step.match_aniname)) {
      fields[`build.animationinfo.${i}.match_aniname`] = MOTION_UNKNOWN_CLIP;
    }
  });
  if (Object.keys(fields).length > 0) throw new AppError("validation", { fields });
}

/** A `/blobs/` reference in an update: the field it is in, its key and what kind of file it must be. */
export interface TBlobReference {
  field: string;
  key: string;
  kind: "image" | "video";
}

const BLOB_PREFIX = "/blobs/";

/** The blob key of a `/blobs/<key>` URL. */
export function keyOfBlobUrl(url: string): string {
  return url.startsWith(BLOB_PREFIX) ? url.slice(BLOB_PREFIX.length) : url;
}

/** Every file an update refers to: annotation, step and specification images, videos, background, thumbnail. */
export function blobReferencesOf(input: {
  build?: TBuild;
  specification?: TSpecification;
  thumbnail_url?: string;
}): TBlobReference[] {
  const refs: TBlobReference[] = [];
  const addAll = (field: string, urls: readonly string[], kind: "image" | "video"): void => {
    for (const [j, url] of urls.entries())
      refs.push({ field: `${field}.${j}`, key: keyOfBlobUrl(url), kind });
  };
  const { build, specification } = input;
  if (build) {
    for (const [i, a] of build.annotationinfo.entries()) {
      addAll(`build.annotationinfo.${i}.images`, a.images, "image");
      addAll(`build.annotationinfo.${i}.videos`, a.videos, "video");
    }
    for (const [i, step] of build.animationinfo.entries()) {
      addAll(`build.animationinfo.${i}.images`, step.images, "image");
    }
    const background = build.sceneinfo.background.image;
    if (background !== null) {
      refs.push({ field: "build.sceneinfo.background.image", key: keyOfBlobUrl(background), kind: "image" });
    }
  }
  if (specification) addAll("specification.images", specification.images, "image");
  if (input.thumbnail_url !== undefined) {
    refs.push({ field: "thumbnail_url", key: keyOfBlobUrl(input.thumbnail_url), kind: "image" });
  }
  return refs;
}

/** The message of a reference to a file the owner did not upload. */
export const NOT_YOUR_FILE = "This file is not one of your uploads.";
