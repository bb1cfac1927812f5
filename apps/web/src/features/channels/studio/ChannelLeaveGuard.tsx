import { Button, Group, Modal, Text } from "@mantine/core";
import { useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterContext, useBlocker } from "react-router";

/** Asks before leaving the channel settings with unsaved edits: in-app navigation and closing the tab. */
export function ChannelLeaveGuard({ isDirty }: { isDirty: boolean }) {
  // Blocking in-app navigation needs the data router the app runs in; a plain router (tests) gets the tab guard only.
  const hasDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  useUnloadGuard(isDirty);
  return hasDataRouter ? <NavigationGuard isDirty={isDirty} /> : null;
}

function useUnloadGuard(isDirty: boolean): void {
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
}

function NavigationGuard({ isDirty }: { isDirty: boolean }) {
  const { t } = useTranslation("channels");
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={t("studio.leaveTitle")}
      centered
    >
      <Text size="sm">{t("studio.leaveText")}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t("studio.stay")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t("studio.leave")}
        </Button>
      </Group>
    </Modal>
  );
}
