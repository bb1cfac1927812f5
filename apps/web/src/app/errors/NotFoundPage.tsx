import { Button } from "@mantine/core";
import { IconArrowLeft, IconHome } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ErrorScreen } from "./ErrorScreen";

/** `/404`: the page does not exist. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorScreen
      code={t("errors.notFound.code")}
      title={t("errors.notFound.title")}
      body={t("errors.notFound.body")}
      hint={t("errors.notFound.hint")}
      actions={
        <>
          <Button component={Link} to="/" leftSection={<IconHome size={18} />} radius="xl">
            {t("errors.goHome")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            radius="xl"
            onClick={() => navigate(-1)}
          >
            {t("errors.goBack")}
          </Button>
        </>
      }
    />
  );
}
