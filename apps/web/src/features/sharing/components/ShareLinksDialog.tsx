import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { ShareLinksPanel } from "./ShareLinksPanel";

/** Props of {@link ShareLinksDialog}. */
export interface ShareLinksDialogProps {
  /** The content whose links are managed; the dialog is closed while null. */
  content: { content_id: string; title: string } | null;
  onClose: () => void;
}

/**
 * The share-link manager: a dialog on desktop, a sheet sliding up from the bottom on phones. One
 * Modal for both, so crossing the breakpoint never remounts the panel (an encrypted link's key,
 * known only in this panel, would be lost).
 */
export function ShareLinksDialog({ content, onClose }: ShareLinksDialogProps) {
  const { t } = useTranslation("sharing");
  const isPhone = useMediaQuery("(max-width: 576px)") ?? false;
  return (
    <Modal
      opened={content !== null}
      onClose={onClose}
      size="lg"
      centered={!isPhone}
      title={content ? t("manager.title", { title: content.title }) : ""}
      closeButtonProps={{ "aria-label": t("manager.close") }}
      transitionProps={isPhone ? { transition: "slide-up" } : undefined}
      styles={{
        title: { fontWeight: 700, minWidth: 0, overflowWrap: "anywhere" },
        ...(isPhone
          ? {
              inner: { alignItems: "flex-end", padding: 0 },
              content: {
                flex: "1 1 100%",
                maxWidth: "100%",
                maxHeight: "92dvh",
                borderRadius: "16px 16px 0 0",
              },
            }
          : {}),
      }}
      data-testid="share-dialog"
    >
      {content ? <ShareLinksPanel contentId={content.content_id} title={content.title} /> : null}
    </Modal>
  );
}
