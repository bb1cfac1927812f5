import { Button, Paper, Select, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBuildingStore } from "@tabler/icons-react";
import { CHANNEL_TEXT_MAX, channelCreateCall, codeByRescode, type TChannelDoc } from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useChannelFieldMessage } from "../../../api/channel-field-message";
import { fieldErrorsOf } from "../../../api/result-message";
import { usePageLanguage } from "../../../i18n/channel-labels";

/** No channel yet: the §8 prompt and the create form (name, the language the owner writes in). */
export function CreateChannel({ onCreated }: { onCreated: (doc: TChannelDoc) => void }) {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const messageOf = useChannelFieldMessage();
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState("");
  // Owners most often write in the language their studio is shown in.
  const [lang, setLang] = useState<"en" | "ko">(usePageLanguage());
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const handleCreate = async () => {
    if (name.trim() === "") {
      setError(t("validation.emptyName"));
      return;
    }
    setIsSaving(true);
    const res = await api(channelCreateCall, { channel_name: name, origin_lang: lang });
    setIsSaving(false);
    if (res.status) {
      notifications.show({ color: "teal", message: tCodes("channelCreated") });
      onCreated(res.data.doc);
      return;
    }
    const field = fieldErrorsOf(res).channel_name;
    setError(
      field
        ? messageOf(field)
        : tCodes((codeByRescode(res.rescode)?.key ?? "notProcessed") as ParseKeys<"codes">),
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingStore size={30} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {tCodes("noChannel")}
        </Text>
        <Text c="dimmed" maw={520}>
          {t("studio.createLead")}
        </Text>
        {isOpen ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void handleCreate();
            }}
            noValidate
            style={{ width: "100%", maxWidth: 420 }}
          >
            <Stack gap="sm" ta="start">
              <TextInput
                label={t("fields.channelName")}
                required
                value={name}
                maxLength={CHANNEL_TEXT_MAX.channel_name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={error}
                data-autofocus
              />
              <Select
                label={t("fields.originLang")}
                description={t("studio.basic.originHint")}
                data={[
                  { value: "en", label: "English" },
                  { value: "ko", label: "한국어" },
                ]}
                value={lang}
                onChange={(v) => setLang(v === "ko" ? "ko" : "en")}
                allowDeselect={false}
              />
              <Button type="submit" loading={isSaving}>
                {t("studio.create")}
              </Button>
            </Stack>
          </form>
        ) : (
          <Button onClick={() => setIsOpen(true)}>{t("studio.createButton")}</Button>
        )}
      </Stack>
    </Paper>
  );
}
