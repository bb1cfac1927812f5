import { Container, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import { TERMS_VERSION } from "../terms";

/** Props of {@link TermsFrame}. */
export interface TermsFrameProps {
  /** Page title, already translated. */
  title: string;
  /** One sentence under the title, already translated. */
  lead: string;
  /** The documents. */
  children: ReactNode;
}

/** The frame of both terms pages: title, version line, and a readable column of text. */
export function TermsFrame({ title, lead, children }: TermsFrameProps) {
  const { t } = useTranslation("accounts");
  return (
    <Container size="md" py={{ base: "lg", sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <PageTitle title={title} />
          <Text c="dimmed">{lead}</Text>
          <Text size="sm" fw={600} c="indigo.7">
            {t("terms.version", { version: TERMS_VERSION })}
          </Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
          <Stack gap="xl">{children}</Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
