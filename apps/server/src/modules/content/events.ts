/**
 * What the content module tells others: contents deleted (their share links go with them) and
 * contents changed (caches of what visitors see drop their copy). A failing listener is logged
 * and never undoes the change.
 */
import type { FastifyBaseLogger } from "fastify";

/** Told the ids of contents just deleted (by their owner, or with the owner's account), or changed. */
export type TContentsDeletedListener = (contentIds: string[]) => Promise<void>;

/** The listeners of content changes and deletions. */
export interface TContentEvents {
  /** Tells the change listeners; a failing one is logged (its cache entries then expire). */
  changed(contentIds: string[]): Promise<void>;
  /** Tells the deletion listeners; a failing one is logged and never undoes the deletion. */
  deleted(contentIds: string[]): Promise<void>;
  /** Registers a listener run after contents are deleted (their share links go with them). */
  onContentsDeleted(listener: TContentsDeletedListener): void;
  /**
   * Registers a listener run after a content's row changed (title, visibility, build, status…);
   * caches of what visitors see (sharing) drop their copy. Awaited before the change answers.
   */
  onContentsChanged(listener: TContentsDeletedListener): void;
}

/** Creates the content events. */
export function createContentEvents(logger: FastifyBaseLogger): TContentEvents {
  const deletedListeners: TContentsDeletedListener[] = [];
  const changedListeners: TContentsDeletedListener[] = [];
  return {
    async changed(contentIds) {
      for (const listener of changedListeners) {
        try {
          await listener(contentIds);
        } catch (error) {
          logger.error({ err: error, contentIds }, "content changed listener failed");
        }
      }
    },

    async deleted(contentIds) {
      if (contentIds.length === 0) return;
      for (const listener of deletedListeners) {
        try {
          await listener(contentIds);
        } catch (error) {
          logger.error({ err: error, contentIds }, "content deleted listener failed");
        }
      }
    },

    onContentsDeleted(listener) {
      deletedListeners.push(listener);
    },

    onContentsChanged(listener) {
      changedListeners.push(listener);
    },
  };
}
