import { Modal } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of {@link ConsoleDialog}. */
export interface ConsoleDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: "lg";
  /** The action's form. */
  children: ReactNode;
}

/** The dialog a console list opens for an action on one of its rows (or a new entry). */
export function ConsoleDialog({ opened, title, onClose, size, children }: ConsoleDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      {children}
    </Modal>
  );
}
