/**
 * The plan limits as the editor shows them (SPEC §6). The server enforces every limit; this
 * mirror only says "3 of 10" and greys out an Add button before a save would be refused.
 */
import { countLimit, type TBuild, type TCountedLimit, type TPlanLevel } from "@vitrine/contract";

/** How far one counted limit is used. */
export interface TLimitUse {
  limit: TCountedLimit;
  used: number;
  max: number;
  /** True when one more may be added. */
  canAdd: boolean;
}

/** The use of `limit` at `used` under a level. */
export function limitUse(level: TPlanLevel, limit: TCountedLimit, used: number): TLimitUse {
  const max = countLimit(level, limit);
  return { limit, used, max, canAdd: used < max };
}

/** A limit the build data goes over. */
export interface TLimitExceeded {
  limit: TCountedLimit;
  max: number;
  /** The annotation or motion step over its image limit, when it is one. */
  itemId: string | null;
}

/**
 * The first limit `build` goes over at `level`, or null: the annotation count, then the images
 * of each annotation and of each motion step (steps share the per-description image cap).
 */
export function exceededLimit(level: TPlanLevel, build: TBuild): TLimitExceeded | null {
  const annotations = countLimit(level, "annotation");
  if (build.annotationinfo.length > annotations) {
    return { limit: "annotation", max: annotations, itemId: null };
  }
  const images = countLimit(level, "annotation_image");
  for (const a of build.annotationinfo) {
    if (a.images.length > images) return { limit: "annotation_image", max: images, itemId: a.annotation_id };
  }
  for (const s of build.animationinfo) {
    if (s.images.length > images) return { limit: "annotation_image", max: images, itemId: s.animation_id };
  }
  return null;
}
