import { Button, Group, Modal, Text } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";

/** Props of {@link LeaveGuard}. */
export interface LeaveGuardProps {
  /** True while there are unsaved changes. */
  isDirty: boolean;
}

/** Asks before leaving the editor with unsaved changes: in-app navigation and closing the tab. */
export function LeaveGuard({ isDirty }: LeaveGuardProps) {
  const { t } = useTranslation("content");
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", handleBeforeUnload);
    return () => window.removeEventListener("beforeunload", handleBeforeUnload);
  }, [isDirty]);

  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={t("editor.leaveTitle")}
      centered
    >
      <Text size="sm">{t("editor.leaveText")}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t("editor.stay")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t("editor.leave")}
        </Button>
      </Group>
    </Modal>
  );
}
