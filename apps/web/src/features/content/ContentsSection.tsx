import { Center, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";
import { ContentListPage } from "./pages/ContentListPage";

// The editor brings three.js: it loads only when an editor is opened.
const ContentEditorPage = lazy(() => import("./pages/ContentEditorPage"));

/** Props of {@link ContentEditorSection}. */
export interface ContentEditorSectionProps {
  contentId: string;
}

/** `/Studio/user/contents/:contentId`: the editor, filling the studio's main area. */
export function ContentEditorSection({ contentId }: ContentEditorSectionProps) {
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader />
        </Center>
      }
    >
      <ContentEditorPage contentId={contentId} />
    </Suspense>
  );
}

/** `/Studio/user/contents`: the list (the studio's default section). */
export function ContentListSection() {
  return <ContentListPage />;
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
