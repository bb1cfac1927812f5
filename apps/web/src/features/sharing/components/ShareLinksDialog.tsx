import { Drawer, Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { ShareLinksPanel } from "./ShareLinksPanel";

/** Props of {@link ShareLinksDialog}. */
export interface ShareLinksDialogProps {
  /** The content whose links are managed; the dialog is closed while null. */
  content: { content_id: string; title: string } | null;
  onClose: () => void;
}

/** The share-link manager as a dialog on desktop and a bottom drawer on phones. */
export function ShareLinksDialog({ content, onClose }: ShareLinksDialogProps) {
  const { t } = useTranslation("sharing");
  const isPhone = useMediaQuery("(max-width: 576px)");
  const title = content ? t("manager.title", { title: content.title }) : "";
  const body = content ? <ShareLinksPanel contentId={content.content_id} title={content.title} /> : null;
  const closeProps = { "aria-label": t("manager.close") };
  if (isPhone) {
    return (
      <Drawer
        opened={content !== null}
        onClose={onClose}
        position="bottom"
        size="92%"
        title={title}
        closeButtonProps={closeProps}
        styles={{
          content: { borderTopLeftRadius: 16, borderTopRightRadius: 16 },
          title: { fontWeight: 700 },
        }}
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      opened={content !== null}
      onClose={onClose}
      size="lg"
      centered
      title={title}
      closeButtonProps={closeProps}
      styles={{ title: { fontWeight: 700 } }}
    >
      {body}
    </Modal>
  );
}
