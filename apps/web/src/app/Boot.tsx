import { Button } from "@mantine/core";
import { IconPlugConnectedX, IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { startApi } from "../api";
import { useClientConfig } from "../api/client-config";
import { FullPageLoader } from "../ui/FullPageLoader";
import { ErrorScreen } from "./errors/ErrorScreen";

/** Props of {@link Boot}. */
export interface BootProps {
  children: ReactNode;
}

/**
 * Holds the app until `/api/client-config` has loaded: 'Please wait a moment...' meanwhile,
 * the outage message (with a retry) if it cannot be loaded.
 */
export function Boot({ children }: BootProps) {
  const { t } = useTranslation();
  const { t: tCodes } = useTranslation("codes");
  const status = useClientConfig((s) => s.status);
  useEffect(() => {
    startApi().catch(() => undefined);
  }, []);

  if (status === "ready") return children;
  if (status === "loading") return <FullPageLoader />;
  return (
    <ErrorScreen
      icon={<IconPlugConnectedX size={40} />}
      title={t("errors.outage.title")}
      body={tCodes("serviceUnavailable")}
      hint={t("errors.server.hint")}
      actions={
        <Button
          leftSection={<IconRefresh size={18} />}
          radius="xl"
          onClick={() => {
            startApi().catch(() => undefined);
          }}
        >
          {t("errors.retry")}
        </Button>
      }
    />
  );
}
