/** Finding contents for the console: by content id, or every content of an owner's e-mail ID. */
import { ADMIN_CONTENT_FIND_MAX, type TAdminContentRow } from "@vitrine/contract";
import type { TAdminDeps } from "./deps";

/** The content finder's verb. */
export interface TContentFinder {
  /** Contents by id, or by their owner's e-mail ID (a query with `@`). */
  findContents(query: string): Promise<TAdminContentRow[]>;
}

/** Creates the content finder. */
export function createContentFinder(deps: Pick<TAdminDeps, "accounts" | "content">): TContentFinder {
  const { accounts, content } = deps;
  return {
    async findContents(query) {
      const text = query.trim();
      let found: Awaited<ReturnType<typeof content.operators.find>>;
      if (text.includes("@")) {
        const owner = await accounts.operators.byEmailId(text);
        found = owner ? await content.operators.find({ ownerId: owner.id }, ADMIN_CONTENT_FIND_MAX) : [];
      } else {
        found = await content.operators.find({ contentId: text }, ADMIN_CONTENT_FIND_MAX);
      }
      const owners = await accounts.operators.emailIds(found.map((row) => row.ownerId));
      return found.map((row) => ({
        content_id: row.contentId,
        title: row.title,
        owner_id: row.ownerId,
        owner_email_id: owners.get(row.ownerId) ?? null,
        status: row.status,
        is_produced: row.isProduced,
        thumbnail_url: row.thumbnailUrl,
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}
