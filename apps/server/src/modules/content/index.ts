/**
 * What other modules may use of content besides its service (`service.ts`): the URL of a blob
 * key, the content a visitor's viewer loads, and the model pipeline's pieces the sealed upload and link previews need (an upload's
 * refusal, sharp loaded at first use).
 */
export { blobUrl } from "./mapper";
export { loadSharp, refuse } from "./pipeline/index";
export { sharedContentDoc } from "./visitors";
