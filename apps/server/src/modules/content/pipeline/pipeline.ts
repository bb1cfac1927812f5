/**
 * The model pipeline (gltf-transform), one step per file beside this one, composed here: read
 * the upload (`io.ts`), repair what viewers draw past (`repair/`), clean up the geometry
 * (`cleanup.ts`), convert the textures to WebP at the quality a perceptual check allows and the
 * size the model needs on screen (`texture-quality.ts`, `texture-size.ts`), simplify only as far
 * as the render check shows no difference and draw the thumbnail (`optimize-steps.ts`,
 * `thumbnail.ts`), write the smallest encoding (`encode.ts`), and have the validator judge the
 * served file (`served-check.ts`). What each structural step keeps for the studio:
 * `optimize-steps.ts`.
 */
import type { TModelInfo, TOptimizationReport, TProcessingStep } from "@vitrine/contract";
import { cleanGeometry } from "./cleanup";
import { encodeSmallest } from "./encode";
import { step } from "./errors";
import { modelFacts, qualityRange, textureFacts } from "./facts";
import { dropDraco, dropMeshopt, readUpload } from "./io";
import { keyframeCount } from "./motion";
import { drawCalls, simplifyGated, type TSimplifyOutcome } from "./optimize-steps";
import { loadKnownExtensions, loadSharp } from "./packages";
import { repairModel } from "./repair";
import { checkServed } from "./served-check";
import { compressTexturesPerceptually } from "./texture-quality";
import { textureSides } from "./texture-size";
import { thumbnailJpeg } from "./thumbnail";

export { DRACO_DECODER_BYTES, DRACO_MAX_SHARE } from "./encode";
export { ProcessingError } from "./errors";
export { modelFacts } from "./facts";
export { packGltf } from "./io";

/** Largest texture side after processing. */
export const MAX_TEXTURE_SIZE = 2048;

/** An optimised model, its facts and its thumbnail. */
export interface TOptimizedModel {
  bytes: Uint8Array;
  info: TModelInfo;
  /** A JPEG of the model (`thumbnail.ts`); null when it could not be drawn. */
  thumbnail: Uint8Array | null;
  /** Why there is no thumbnail, for the log. */
  thumbnailError?: unknown;
  /** What simplification did and its render check (for the log and the bench). */
  simplify: Omit<TSimplifyOutcome, "frame">;
}

/** Told each step as it starts, with the share of the work done before it (0–100). */
export type TProgressListener = (step: TProcessingStep, percent: number) => Promise<void>;

/** Models with more triangles than this get no server thumbnail (memory); the editor's capture still works. */
const THUMBNAIL_MAX_TRIANGLES = 400_000;

/**
 * Optimises a `.glb` and draws its thumbnail; throws ProcessingError with a plain reason when
 * a step fails (a thumbnail that cannot be drawn is not a failure).
 */
/**
 * Optimises a `.glb` and draws its thumbnail; throws ProcessingError with a plain reason when
 * a step fails (a thumbnail that cannot be drawn is not a failure).
 */
export async function optimizeModel(
  input: Uint8Array,
  onProgress: TProgressListener = async () => {},
): Promise<TOptimizedModel> {
  const sharp = await loadSharp();
  await onProgress("reading", 5);
  const { read, json } = await step("The model file could not be read.", () => readUpload(input));
  const known = await loadKnownExtensions();
  const repairs = await step("The model file could not be repaired.", async () =>
    repairModel(read, json, known),
  );
  dropDraco(read);
  dropMeshopt(read);
  const drawCallsBefore = drawCalls(read);
  const keyframesBefore = keyframeCount(read);
  await onProgress("geometry", 15);
  await step("The model's geometry could not be cleaned up.", () => cleanGeometry(read));
  const texturesBefore = textureFacts(read);
  await onProgress("textures", 35);
  const textureChoices = await step(
    "A texture image in the model is damaged and could not be converted.",
    () => compressTexturesPerceptually(read, sharp, MAX_TEXTURE_SIZE, textureSides(read)),
  );
  const texturesAfter = textureFacts(read);
  await onProgress("thumbnail", 60);
  // Simplification is judged by drawing the model before and after (the thumbnail's renderer);
  // models too large to draw on the server are left unsimplified. Textures are converted first,
  // so the drawings sample the small WebP, not a source image of up to 8192 px decoded again.
  const drawable = modelFacts(read).triangles <= THUMBNAIL_MAX_TRIANGLES;
  const { document, outcome } = await step("The model's geometry could not be simplified.", () =>
    simplifyGated(read, drawable),
  );
  // Measured before instancing: the size measure does not follow EXT_mesh_gpu_instancing.
  const facts = modelFacts(document);
  const { thumbnail, thumbnailError } = await thumbnailOf(drawable, facts.triangles, outcome);
  await onProgress("compressing", 75);
  const written = await encodeSmallest(document, texturesAfter.bytes);
  const bytes = written.bytes;
  await checkServed(bytes);
  const optimization: TOptimizationReport = {
    triangles_before: outcome.trianglesBefore,
    triangles_after: facts.triangles,
    simplify: outcome.result === "not-checked" ? "skipped" : outcome.result,
    // Identical drawings have an infinite PSNR: 99 dB stands for "no difference at all".
    fidelity_db: outcome.psnr === null ? null : Math.round(Math.min(99, outcome.psnr) * 10) / 10,
    draw_calls_before: drawCallsBefore,
    draw_calls_after: written.drawCalls,
    textures: {
      count: texturesAfter.count,
      bytes_before: texturesBefore.bytes,
      bytes_after: texturesAfter.bytes,
      format: "webp",
      max_size: MAX_TEXTURE_SIZE,
      ...qualityRange(textureChoices),
    },
    geometry: written.geometry,
    ...(repairs.length > 0 ? { repairs } : {}),
    ...(keyframesBefore > 0
      ? {
          animation: {
            clips: document.getRoot().listAnimations().length,
            keyframes_before: keyframesBefore,
            keyframes_after: keyframeCount(document),
          },
        }
      : {}),
  };
  return {
    bytes,
    info: { ...facts, original_bytes: input.byteLength, optimized_bytes: bytes.byteLength, optimization },
    thumbnail,
    ...(thumbnailError === undefined ? {} : { thumbnailError }),
    simplify: {
      result: outcome.result,
      trianglesBefore: outcome.trianglesBefore,
      trianglesAfter: outcome.trianglesAfter,
      psnr: outcome.psnr,
    },
  };
}

/** The render check's accepted frame as the thumbnail JPEG, or why there is none. */
async function thumbnailOf(
  drawable: boolean,
  triangles: number,
  outcome: TSimplifyOutcome,
): Promise<{ thumbnail: Uint8Array | null; thumbnailError?: unknown }> {
  if (!drawable)
    return {
      thumbnail: null,
      thumbnailError: new Error(`${triangles} triangles: too many for a server thumbnail`),
    };
  if (outcome.drawError !== undefined) return { thumbnail: null, thumbnailError: outcome.drawError };
  if (!outcome.frame) return { thumbnail: null };
  try {
    return { thumbnail: await thumbnailJpeg(outcome.frame) };
  } catch (error) {
    return { thumbnail: null, thumbnailError: error };
  }
}
