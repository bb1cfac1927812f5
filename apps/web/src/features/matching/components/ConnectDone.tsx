import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { MATCH_MAX } from "@vitrine/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Props of {@link ConnectDone}. */
export interface ConnectDoneProps {
  /** The buyer agreed to third-party provision. */
  isShared: boolean;
  email: string;
  /** The business the form was opened from. */
  channel: { id: string; name: string } | null;
}

/**
 * The confirmation after sending: what happens next in plain words — with consent, the page's
 * business and the matches hear of it and the buyer gets their names; with no match, nothing
 * more comes (SPEC §1); without consent, no business received anything.
 */
export function ConnectDone({ isShared, email, channel }: ConnectDoneProps) {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} data-testid="connect-done">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" ref={titleRef} tabIndex={-1} role="status">
          {tCodes("connectSubmitted")}
        </Title>
        <Text>{t("done.copy", { email })}</Text>
        {isShared ? (
          <Stack gap={6}>
            <Text>
              {channel
                ? t("done.sharedChannel", { name: channel.name, max: MATCH_MAX - 1 })
                : t("done.shared", { max: MATCH_MAX })}
            </Text>
            <Text c="dimmed" size="sm">
              {t("done.noMatch")}
            </Text>
          </Stack>
        ) : (
          <Text data-testid="connect-done-not-shared">{t("done.notShared")}</Text>
        )}
        <Group gap="sm">
          {channel ? (
            <Button component={Link} to={`/Channel/${encodeURIComponent(channel.id)}`} variant="light">
              {t("done.backToChannel", { name: channel.name })}
            </Button>
          ) : null}
          <Button component={Link} to="/" variant="default">
            {t("done.home")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
