import { Center, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import { ContentListPage } from "./pages/ContentListPage";
import type { TShareDialog } from "./share-slot";

// The editor brings three.js: it loads only when an editor is opened.
const ContentEditorPage = lazy(() => import("./pages/ContentEditorPage"));

/** Props of {@link ContentEditorSection}. */
export interface ContentEditorSectionProps {
  contentId: string;
  /** The share-link manager the editor's share action opens (the sharing area's). */
  ShareDialog: TShareDialog;
}

/** `/Studio/user/contents/:contentId`: the editor, filling the studio's main area. */
export function ContentEditorSection({ contentId, ShareDialog }: ContentEditorSectionProps) {
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader />
        </Center>
      }
    >
      <ContentEditorPage contentId={contentId} ShareDialog={ShareDialog} />
    </Suspense>
  );
}

/** Props of {@link ContentListSection}. */
export interface ContentListSectionProps {
  /** The share-link manager a card's share action opens (the sharing area's). */
  ShareDialog: TShareDialog;
}

/** `/Studio/user/contents`: the list (the studio's default section). */
export function ContentListSection({ ShareDialog }: ContentListSectionProps) {
  return <ContentListPage ShareDialog={ShareDialog} />;
}

/** The content id in a studio path after `/Studio/user/` (`contents/<id>`), or null for the list. */
export function contentIdOfStudioPath(rest: string): string | null {
  const [section, id] = rest.split("/");
  if (section?.toLowerCase() !== "contents" || !id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
