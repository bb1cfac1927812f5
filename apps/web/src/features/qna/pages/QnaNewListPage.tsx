import { Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { qnaNewListCall } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCall } from "../../../api/use-call";
import { PageIntro } from "../../../ui/PageIntro";
import { QnaTable } from "../components/QnaBoard";

/** `/qnanewlist`: the operators' notices and the newest questions. */
export default function QnaNewListPage() {
  const { t } = useTranslation("qna");
  const { data } = useCall(qnaNewListCall, {});
  return (
    <PageIntro
      title={t("newList.pageTitle")}
      lead={t("newList.lead")}
      aside={
        <Button component={Link} to="/qnawrite" leftSection={<IconPencil size={16} />}>
          {t("writeButton")}
        </Button>
      }
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("newList.notices")}
        </Title>
        <QnaTable posts={data?.notices ?? []} empty={t("newList.noNotices")} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("newList.latest")}
        </Title>
        <QnaTable posts={data?.latest ?? []} empty={t("empty")} />
      </Stack>
      <Group>
        <Anchor component={Link} to="/qnalist" fw={600}>
          {t("newList.all")}
        </Anchor>
      </Group>
    </PageIntro>
  );
}
