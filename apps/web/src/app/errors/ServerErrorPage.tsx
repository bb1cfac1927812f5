import { Button } from "@mantine/core";
import { IconHome, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorScreen } from "./ErrorScreen";

/** `/500`: something failed on our side. */
export default function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code={t("errors.server.code")}
      title={t("errors.server.title")}
      body={t("errors.server.body")}
      hint={t("errors.server.hint")}
      actions={
        <>
          <Button component={Link} to="/" leftSection={<IconHome size={18} />} radius="xl">
            {t("errors.goHome")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            radius="xl"
            onClick={() => window.location.reload()}
          >
            {t("errors.retry")}
          </Button>
        </>
      }
    />
  );
}
