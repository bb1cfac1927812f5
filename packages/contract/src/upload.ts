/**
 * General upload rules (SPEC §5), pure functions over a file's name, its declared MIME type and
 * its first bytes: extension blocklist, script/web-page content refusal, type detection by
 * content signature, and the declared-type match. The server calls them on every upload; the web
 * calls them before sending, so a user hears the same refusal either way.
 *
 * One file per step: `upload/names.ts` (extensions and the blocklist), `upload/sniff.ts` (type
 * and script content by signature), `upload/check.ts` (the rules in order), `upload/file-types.ts`
 * and `upload/model-advice.ts`.
 */

export * from "./upload/check";
export * from "./upload/file-types";
export * from "./upload/model-advice";
export * from "./upload/names";
export { detectFileType, startsWithScript } from "./upload/sniff";
