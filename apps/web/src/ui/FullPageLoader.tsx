import { Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Props of {@link FullPageLoader}. */
export interface FullPageLoaderProps {
  /** Text under the spinner; defaults to 'Please wait a moment...'. */
  label?: string;
}

/** A full-window spinner with the loading text of SPEC §8. */
export function FullPageLoader({ label }: FullPageLoaderProps) {
  const { t } = useTranslation("codes");
  return (
    <Center h="100dvh" role="status" aria-live="polite" data-testid="full-page-loader">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text c="dimmed" size="sm">
          {label ?? t("loading")}
        </Text>
      </Stack>
    </Center>
  );
}
