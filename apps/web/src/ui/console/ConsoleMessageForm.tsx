import { Textarea } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { ConsoleForm } from "./ConsoleForm";

/** Props of {@link ConsoleMessageForm}. */
export interface ConsoleMessageFormProps {
  label: string;
  submitLabel: string;
  maxLength: number;
  minRows: number;
  isBusy: boolean;
  /** Sends the text; never called with a blank one. */
  onSend: (text: string) => Promise<void>;
  /** What the message answers, shown above the field. */
  children?: ReactNode;
}

/** A console message to a user (a production request's owner, a Q&A asker): one text, sent. */
export function ConsoleMessageForm({
  label,
  submitLabel,
  maxLength,
  minRows,
  isBusy,
  onSend,
  children,
}: ConsoleMessageFormProps) {
  const [text, setText] = useState("");
  const send = async () => {
    if (text.trim() === "") return;
    await onSend(text);
  };
  return (
    <ConsoleForm onSubmit={send} submitLabel={submitLabel} isBusy={isBusy}>
      {children}
      <Textarea
        label={label}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={minRows}
        maxLength={maxLength}
      />
    </ConsoleForm>
  );
}
