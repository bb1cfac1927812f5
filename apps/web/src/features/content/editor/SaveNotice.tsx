import { Alert } from "@mantine/core";
import { LimitNotice } from "../../../ui/LimitNotice";
import type { TSaveState } from "./use-save";

/** Props of {@link SaveNotice}. */
export interface SaveNoticeProps {
  state: TSaveState;
  onDismiss: () => void;
}

/** Under the toolbar: why the last save failed, or the plan limit that stopped it. */
export function SaveNotice({ state, onDismiss }: SaveNoticeProps) {
  if (state.kind === "failed") {
    return (
      <Alert color="red" variant="light" withCloseButton onClose={onDismiss} role="alert" radius={0} py="xs">
        {state.message}
      </Alert>
    );
  }
  if (state.kind === "limit") {
    return <LimitNotice limit={state.limit.limit} max={state.limit.max} onClose={onDismiss} />;
  }
  return null;
}
