import { Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { setLanguageCall } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { changeLanguage, currentLanguage } from "../../../i18n";
import { isLanguage, type TLanguage } from "../../../stores/language";
import { useUserInfo } from "../../../stores/user-info";

/** The account's language: switches the page at once and stores it for the mails we send. */
export function LanguageSetting() {
  const { t, i18n } = useTranslation("accounts");
  const { t: tCommon } = useTranslation();
  const patch = useUserInfo((s) => s.patch);
  const [isSaving, setSaving] = useState(false);

  const handleChange = async (language: TLanguage) => {
    await changeLanguage(language);
    setSaving(true);
    const res = await api(setLanguageCall, { language });
    setSaving(false);
    // Said in the language just chosen: this render's `t` still speaks the previous one.
    const tChosen = i18n.getFixedT(language, "accounts");
    if (res.status) {
      patch({ language: res.data.language });
      notifications.show({ color: "teal", message: tChosen("account.language.saved") });
    } else notifications.show({ color: "red", message: tChosen("account.language.failed") });
  };

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t("account.language.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("account.language.lead")}
          </Text>
        </Stack>
        <Group>
          <SegmentedControl
            key={i18n.language}
            value={currentLanguage()}
            disabled={isSaving}
            aria-label={t("account.language.title")}
            data-testid="account-language"
            onChange={(next) => {
              if (isLanguage(next)) void handleChange(next);
            }}
            data={[
              { value: "ko", label: tCommon("language.ko") },
              { value: "en", label: tCommon("language.en") },
            ]}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
