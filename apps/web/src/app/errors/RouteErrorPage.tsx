import { Button } from "@mantine/core";
import { IconAlertTriangle, IconHome, IconRefresh } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { isChunkLoadError, scheduleChunkReload } from "../../lib/chunk-reload";
import { FullPageLoader } from "../../ui/FullPageLoader";
import { ErrorScreen } from "./ErrorScreen";

/**
 * The default error element: 'Unexpected Application Error!'. A failed chunk load is not an
 * application error: the page reloads after 300 ms and the visitor only sees the loader.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isChunkFailure = isChunkLoadError(error);
  const willReload = isChunkFailure && scheduleChunkReload();

  useEffect(() => {
    // Only real application errors go to the console; nothing of them reaches the screen.
    if (!isChunkFailure) console.warn("route error", error);
  }, [error, isChunkFailure]);

  if (willReload) return <FullPageLoader />;
  return (
    <ErrorScreen
      icon={<IconAlertTriangle size={40} />}
      title={t("errors.unexpected.title")}
      body={t("errors.unexpected.body")}
      hint={t("errors.unexpected.hint")}
      actions={
        <>
          <Button
            leftSection={<IconRefresh size={18} />}
            radius="xl"
            onClick={() => window.location.reload()}
          >
            {t("errors.retry")}
          </Button>
          <Button component="a" href="/" variant="default" leftSection={<IconHome size={18} />} radius="xl">
            {t("errors.goHome")}
          </Button>
        </>
      }
    />
  );
}
