import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "../../../ui/PageTitle";
import classes from "./share-page.module.css";

/** Props of {@link ShareStatus}. */
export interface ShareStatusProps {
  icon: ReactNode;
  /** The heading (also the document title), already translated. */
  title: string;
  /** The sentence under it, already translated. */
  text?: string;
  /** Buttons or links under the text. */
  children?: ReactNode;
  "data-testid"?: string;
}

/** A full-window message of the share page (not found, limit reached, broken link…). */
export function ShareStatus({ icon, title, text, children, "data-testid": testId }: ShareStatusProps) {
  return (
    <main className={classes.shell} data-testid={testId}>
      <Stack className={classes.card} align="center" gap="md" role="status">
        <span className={classes.icon} aria-hidden>
          {icon}
        </span>
        <PageTitle title={title} c="white" size="h3" ta="center" />
        {text ? <Text className={classes.text}>{text}</Text> : null}
        {children}
      </Stack>
    </main>
  );
}
