import { CloseButton, Group, Image, Modal, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import type { TBuild } from "@vitrine/contract";
import type { TViewer } from "@vitrine/viewer";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewerCanvas } from "./ViewerCanvas";

/** Props of {@link PreviewModal}. */
export interface PreviewModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  modelUrl: string;
  build: TBuild;
}

/** The content as a visitor sees it: the model, its markers and their cards, without editing tools. */
export function PreviewModal({ opened, onClose, title, modelUrl, build }: PreviewModalProps) {
  const { t } = useTranslation("content");
  const [openId, setOpenId] = useState<string | null>(null);
  const viewer = useRef<TViewer | null>(null);
  const open = build.annotationinfo.find((a) => a.annotation_id === openId) ?? null;

  const handleOpen = (id: string | null) => {
    setOpenId(id);
    if (id) viewer.current?.focusAnnotation(id);
    else viewer.current?.setActiveAnnotation(null);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={t("editor.previewTitle")}
      closeButtonProps={{ "aria-label": t("editor.closePreview") }}
      styles={{
        body: { height: "calc(100dvh - 60px)", padding: 0 },
        content: { display: "flex", flexDirection: "column" },
      }}
    >
      {opened ? (
        <div style={{ position: "relative", height: "100%" }} data-testid="preview">
          <ViewerCanvas
            modelUrl={modelUrl}
            build={build}
            label={t("editor.viewerLabel", { title })}
            activeAnnotationId={openId}
            onAnnotationClick={handleOpen}
            onReady={(v) => {
              viewer.current = v;
            }}
          >
            {open ? (
              <Paper
                shadow="md"
                radius="md"
                p="md"
                withBorder
                style={{
                  position: "absolute",
                  right: 12,
                  bottom: 12,
                  width: "min(360px, calc(100% - 24px))",
                  zIndex: 2,
                }}
                role="dialog"
                aria-label={open.title}
              >
                <ScrollArea.Autosize mah="45dvh">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Title order={2} size="h5">
                        {open.marker.number}. {open.title}
                      </Title>
                      <CloseButton onClick={() => handleOpen(null)} aria-label={t("editor.closePreview")} />
                    </Group>
                    {open.content ? (
                      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                        {open.content}
                      </Text>
                    ) : null}
                    {open.images.map((src) => (
                      <Image key={src} src={src} alt="" radius="sm" />
                    ))}
                    {open.videos.map((src) => (
                      // biome-ignore lint/a11y/useMediaCaption: owner-uploaded product clips come without captions.
                      <video key={src} src={src} controls style={{ width: "100%" }} />
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </Paper>
            ) : null}
          </ViewerCanvas>
        </div>
      ) : null}
    </Modal>
  );
}
