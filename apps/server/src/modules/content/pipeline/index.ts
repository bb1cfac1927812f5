/**
 * The model pipeline, content's wing (issue 30): what the rest of the server uses of it. The
 * upload's checks of a model (`model-upload-check.ts`), packing a `.gltf` into one `.glb`, and
 * processing a model in a child process that exits when done (`processing-runner.ts`), which
 * runs `optimizeModel` (`pipeline.ts`: the steps, one per file beside it, composed).
 */
export {
  checkDrawable,
  checkModelPart,
  checkRequiredExtensions,
  MODEL_MAX_FILES,
  MODEL_MESSAGES,
  modelPartsOf,
  readGltfJson,
  refuse,
  resolveModelUris,
  validateModel,
} from "./model-upload-check";
export { loadSharp } from "./packages";
export { ProcessingError, packGltf } from "./pipeline";
export { optimizeInChild } from "./processing-runner";
