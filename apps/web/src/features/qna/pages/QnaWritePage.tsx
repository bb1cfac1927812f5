import { Anchor, Button, Fieldset, Group, Paper, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";

/** `/qnawrite`: the question form, shown disabled: the board is not available yet. */
export default function QnaWritePage() {
  const { t } = useTranslation("qna");
  return (
    <PageIntro title={t("write.pageTitle")} lead={t("write.lead")} size="md">
      <FeatureNotice title={t("notice.title")} text={t("notice.text")} />
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        <Fieldset disabled variant="unstyled">
          <Stack gap="md">
            <TextInput label={t("form.title")} placeholder={t("form.titlePlaceholder")} />
            <Textarea
              label={t("form.content")}
              placeholder={t("form.contentPlaceholder")}
              autosize
              minRows={6}
            />
            <Group justify="space-between">
              <Anchor component={Link} to="/qnalist" size="sm">
                {t("backToList")}
              </Anchor>
              <Button disabled>{t("form.submit")}</Button>
            </Group>
          </Stack>
        </Fieldset>
      </Paper>
    </PageIntro>
  );
}
