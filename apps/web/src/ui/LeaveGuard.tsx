import { Button, Group, Modal, Text } from "@mantine/core";
import { useContext, useEffect } from "react";
import { UNSAFE_DataRouterContext, useBlocker } from "react-router";

/** The words of the leave prompt, already translated (each screen names what is unsaved). */
export interface TLeaveGuardTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

/** Props of {@link LeaveGuard}. */
export interface LeaveGuardProps {
  /** True while there are unsaved changes. */
  isDirty: boolean;
  texts: TLeaveGuardTexts;
}

/**
 * Asks before leaving a screen with unsaved changes: in-app navigation (a dialog: stay or leave)
 * and closing the tab (the browser's own prompt). Used by the content editor and the channel
 * settings.
 */
export function LeaveGuard({ isDirty, texts }: LeaveGuardProps) {
  // Blocking in-app navigation needs the data router the app runs in; a plain router (tests) gets the tab guard only.
  const hasDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  useUnloadGuard(isDirty);
  return hasDataRouter ? <NavigationGuard isDirty={isDirty} texts={texts} /> : null;
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

function NavigationGuard({ isDirty, texts }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={texts.title}
      centered
    >
      <Text size="sm">{texts.text}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {texts.stay}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {texts.leave}
        </Button>
      </Group>
    </Modal>
  );
}
