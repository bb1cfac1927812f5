import { Modal, SegmentedControl, Stack } from "@mantine/core";
import { channelPublicCall, type TCallOutput } from "@vitrine/contract";
import { useEffect, useMemo, useState } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { api } from "../../../api";
import { ChannelView } from "../components/ChannelView";

/** Props of {@link ChannelPreview}. */
export interface ChannelPreviewProps {
  channelId: string;
  opened: boolean;
  onClose: () => void;
}

/** The public page as a visitor sees it, in either language. */
export function ChannelPreview({ channelId, opened, onClose }: ChannelPreviewProps) {
  const { t, i18n } = useTranslation("channels");
  const [lang, setLang] = useState<"en" | "ko">(i18n.resolvedLanguage === "ko" ? "ko" : "en");
  const [shown, setShown] = useState<TCallOutput<typeof channelPublicCall> | null>(null);
  const translated = useMemo(() => i18n.cloneInstance({ lng: lang }), [i18n, lang]);
  useEffect(() => {
    if (!opened) return;
    void api(channelPublicCall, { user_channel_id: channelId, lang }).then((res) => {
      if (res.status) setShown(res.data);
    });
  }, [opened, channelId, lang]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("studio.preview")} size="90rem" padding={0}>
      <Stack gap="sm">
        <SegmentedControl
          mx="md"
          value={lang}
          onChange={(v) => setLang(v === "ko" ? "ko" : "en")}
          data={[
            { value: "en", label: "English" },
            { value: "ko", label: "한국어" },
          ]}
          w="fit-content"
        />
        {shown ? (
          <I18nextProvider i18n={translated}>
            <ChannelView doc={shown.doc} isTranslated={shown.istranscheck} isMine={false} isPreview />
          </I18nextProvider>
        ) : null}
      </Stack>
    </Modal>
  );
}
