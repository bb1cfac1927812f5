import type { ComponentType } from "react";

/** Props of the share-link manager the content screens open from a content's share action. */
export interface TShareDialogProps {
  /** The content whose links are managed; the dialog is closed while null. */
  content: { content_id: string; title: string } | null;
  onClose: () => void;
}

/**
 * The share-link manager, a slot: the sharing area owns it and the studio hands it to the
 * content list and the editor, so content never imports sharing.
 */
export type TShareDialog = ComponentType<TShareDialogProps>;
