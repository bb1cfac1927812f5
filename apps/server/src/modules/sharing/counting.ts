/**
 * View and channel-inflow counting (SPEC §4): once per visitor's daily hash, on ready contents
 * only (public ones, and on their owner's own channel, for the inflow).
 */
import { AppError } from "@vitrine/contract";
import type { TContentVisitorView } from "../content/service";
import type { TSharingDeps, TVisitor } from "./deps";
import { addInflow } from "./queries";

/** The counting verbs. */
export interface TVisitCounting {
  /**
   * Counts a view of a ready content (`notFound` when there is none) unless this visitor's daily
   * hash was counted for it today; true when counted.
   */
  countVisit(contentId: string, visitor: TVisitor): Promise<boolean>;
  /**
   * Checks the content is public and ready on its owner's channel `channelId` (else `notFound`);
   * counts the channel inflow and (when `withView`) a
   * view, each once per visitor's daily hash; true when the inflow was counted.
   */
  countInflow(contentId: string, channelId: string, withView: boolean, visitor: TVisitor): Promise<boolean>;
}

/** Creates the counting verbs. */
export function createVisitCounting(
  deps: Pick<TSharingDeps, "db" | "content" | "channels" | "visitors">,
): TVisitCounting {
  const { db, content, channels, visitors } = deps;

  /** A ready content visitors may see (public when asked), else `notFound`. */
  async function visitable(
    contentId: string,
    mustBePublic: boolean,
  ): Promise<TContentVisitorView & { modelUrl: string }> {
    const view = await content.visitorView(contentId);
    if (view?.status !== "ready" || !view.modelUrl) throw new AppError("notFound");
    if (mustBePublic && !view.isPublic) throw new AppError("notFound");
    return { ...view, modelUrl: view.modelUrl };
  }

  return {
    async countVisit(contentId, visitor) {
      const view = await visitable(contentId, false);
      // The cookie stops a browser that keeps it; the daily hash stops one that does not.
      if (!(await visitors.firstToday(visitor, view.ownerId, `view:${contentId}`))) return false;
      await content.addView(contentId);
      return true;
    },

    async countInflow(contentId, channelId, withView, visitor) {
      const view = await visitable(contentId, true);
      if ((await channels.channelOwner(channelId)) !== view.ownerId) throw new AppError("notFound");
      const isNewInflow = await visitors.firstToday(
        visitor,
        view.ownerId,
        `inflow:${channelId}:${contentId}`,
      );
      if (isNewInflow) await addInflow(db, channelId, contentId);
      if (withView && (await visitors.firstToday(visitor, view.ownerId, `view:${contentId}`))) {
        await content.addView(contentId);
      }
      return isNewInflow;
    },
  };
}
