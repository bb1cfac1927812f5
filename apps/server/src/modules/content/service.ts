/**
 * The content service: what the content calls, the upload routes and other modules use. Other
 * modules reach content through it (or `index.ts`), never through its tables. It composes
 * `owner.ts` (create, list, detail, duplicate, delete: every owner path through `ownContent`,
 * which answers `notFound` for anyone else's content), `editing.ts` (update: build data,
 * specification, visibility), `processing.ts` (the processing job, its steps and failures, the
 * owner's retry), `visitors.ts` (what visitors see), `uploads.ts` (upload records, the owner's
 * files, the removal of an owner's data), `produced.ts` (the produced mark, delivered models) and
 * `operators.ts` (the console's look), over `deps.ts`, `events.ts` (who is told of changes and
 * deletions) and `room.ts` (the plan's content limit).
 */

import type { TContentDeps } from "./deps";
import { createContentEditing, type TContentEditing } from "./editing";
import { createContentEvents, type TContentsDeletedListener } from "./events";
import { createContentOperators, type TContentOperators } from "./operators";
import { createOwnerContents, type TOwnerContents } from "./owner";
import { createContentProcessing, type TContentProcessing } from "./processing";
import { createProducedContents, type TProducedContents } from "./produced";
import { createContentUploads, type TContentUploads } from "./uploads";
import { createContentVisitors, type TContentVisitors } from "./visitors";

export {
  emptyBuild,
  emptySpecification,
  PROCESS_JOB,
  PROCESS_MAX_ATTEMPTS,
  type TContentAccounts,
  type TContentDeps,
  titleFromFilename,
} from "./deps";
export type { TContentUpdate } from "./editing";
export type { TContentsDeletedListener } from "./events";
export type { TContentOperators, TOperatorContent } from "./operators";
export type { TNewContent } from "./owner";
export type { TContentActor, TProducedModel } from "./produced";
export type { TContentRow } from "./queries";
export type { TUploadRecord } from "./uploads";
export type { TContentVisitorView, TPublicContent } from "./visitors";

/** The content service. */
export interface TContentService
  extends TOwnerContents,
    TContentEditing,
    TContentProcessing,
    TContentVisitors,
    TContentUploads,
    TProducedContents {
  /** Registers a listener run after contents are deleted (their share links go with them). */
  onContentsDeleted(listener: TContentsDeletedListener): void;
  /**
   * Registers a listener run after a content's row changed (title, visibility, build, status…);
   * caches of what visitors see (sharing) drop their copy. Awaited before the change answers.
   */
  onContentsChanged(listener: TContentsDeletedListener): void;
  /** The operators' console: contents by id or by owner (newest first), and counts. */
  operators: TContentOperators;
}

/** Creates the content service. */
export function createContentService(deps: TContentDeps): TContentService {
  const events = createContentEvents(deps.logger);
  const owner = createOwnerContents(deps, events);
  return {
    ...owner,
    ...createContentEditing(deps, events),
    ...createContentProcessing(deps, events),
    ...createContentVisitors(deps.db),
    ...createContentUploads(deps, events),
    ...createProducedContents(deps, events, owner.create),
    onContentsDeleted: events.onContentsDeleted,
    onContentsChanged: events.onContentsChanged,
    operators: createContentOperators(deps.db),
  };
}
