/**
 * The repair step (issue 29): what three.js, Babylon and `<model-viewer>` tolerate in a model,
 * the pipeline repairs instead of refusing, and says what it did in the optimisation report.
 * Runs on the document as read, before any other step. The upload lets through exactly the
 * validator's errors these repair (`REPAIRED_VALIDATOR_CODES`); the pipeline checks what it
 * serves with the validator again.
 */
import type { Document } from "@gltf-transform/core";
import type { TModelRepair } from "@vitrine/contract";
import { repairIndices } from "./indices";
import { repairKeyframes } from "./keyframes";
import { layoutFaults, unknownExtensions } from "./layout";
import { repairNumbers } from "./numbers";
import { repairSkins } from "./skin";
import { repairVectors } from "./vectors";

/**
 * Validator errors that the repair step (or writing the model again) repairs: an upload with no
 * other error is accepted. Each has a test that the served file has none of it.
 */
export const REPAIRED_VALIDATOR_CODES: ReadonlySet<string> = new Set([
  "ACCESSOR_WEIGHTS_NON_NORMALIZED",
  "ACCESSOR_WEIGHTS_NEGATIVE",
  "ACCESSOR_JOINTS_INDEX_OOB",
  "ACCESSOR_JOINTS_INDEX_DUPLICATE",
  "ACCESSOR_VECTOR3_NON_UNIT",
  "ACCESSOR_INVALID_SIGN",
  "ACCESSOR_NON_CLAMPED",
  "ACCESSOR_ANIMATION_SAMPLER_OUTPUT_NON_NORMALIZED_QUATERNION",
  "ROTATION_NON_UNIT",
  "ACCESSOR_ANIMATION_INPUT_NON_INCREASING",
  "ACCESSOR_ANIMATION_INPUT_NEGATIVE",
  "ANIMATION_DUPLICATE_TARGETS",
  "ACCESSOR_INVALID_FLOAT",
  "ACCESSOR_INDEX_OOB",
  "ACCESSOR_INDEX_PRIMITIVE_RESTART",
  "ACCESSOR_MIN_MISMATCH",
  "ACCESSOR_MAX_MISMATCH",
  "ACCESSOR_ELEMENT_OUT_OF_MIN_BOUND",
  "ACCESSOR_ELEMENT_OUT_OF_MAX_BOUND",
  "MESH_PRIMITIVE_POSITION_ACCESSOR_WITHOUT_BOUNDS",
  "ANIMATION_SAMPLER_INPUT_ACCESSOR_WITHOUT_BOUNDS",
  "ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE",
  "MESH_PRIMITIVE_INDICES_ACCESSOR_WITH_BYTESTRIDE",
  "SKIN_IBM_ACCESSOR_WITH_BYTESTRIDE",
  "IMAGE_BUFFER_VIEW_WITH_BYTESTRIDE",
  "BUFFER_VIEW_INVALID_BYTE_STRIDE",
  "UNUSED_EXTENSION_REQUIRED",
]);

/**
 * Repairs `document` (as read from `json`, the upload's glTF JSON) and answers what was repaired,
 * one entry per kind with how many items. `known` names the extensions the pipeline reads.
 */
export function repairModel(
  document: Document,
  json: Record<string, unknown>,
  known: ReadonlySet<string>,
): TModelRepair[] {
  // Counted before anything changes the document: the accessors still line up with the JSON.
  const layout = layoutFaults(json, document);
  const numbers = repairNumbers(document);
  const indices = repairIndices(document);
  const skins = repairSkins(document);
  const vectors = repairVectors(document);
  const motion = repairKeyframes(document);
  const extensions = unknownExtensions(json, known);
  const repairs: TModelRepair[] = [
    { kind: "weights", count: skins.weights },
    { kind: "joints", count: skins.joints },
    { kind: "normals", count: vectors.normals },
    { kind: "tangents", count: vectors.tangents },
    { kind: "rotations", count: vectors.rotations },
    { kind: "colors", count: vectors.colors },
    { kind: "keyframes", count: motion.keyframes },
    { kind: "channels", count: motion.channels },
    { kind: "numbers", count: numbers },
    { kind: "indices", count: indices },
    { kind: "layout", count: layout },
  ];
  const done = repairs.filter((repair) => repair.count > 0);
  if (extensions.length > 0)
    done.push({ kind: "extensions", count: extensions.length, names: extensions.slice(0, 10) });
  return done;
}
