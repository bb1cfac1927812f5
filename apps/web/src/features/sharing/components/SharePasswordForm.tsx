import { Button, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { CODES, shareLinkUnlockCall } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { PageTitle } from "../../../ui/PageTitle";
import { failureKeyOf } from "../../accounts/result-message";
import classes from "./share-page.module.css";

/** Props of {@link SharePasswordForm}. */
export interface SharePasswordFormProps {
  sharelinkUrl: string;
  /** The password was right; the page resolves the link again. */
  onUnlocked: () => void;
}

/** The password page of a protected link: one field with show/hide, keyboard-first. */
export function SharePasswordForm({ sharelinkUrl, onUnlocked }: SharePasswordFormProps) {
  const { t } = useTranslation("sharing");
  const { t: tCodes } = useTranslation("codes");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === "") {
      setError(t("share.password.empty"));
      return;
    }
    setIsSending(true);
    setError(null);
    const res = await api(shareLinkUnlockCall, { sharelink_url: sharelinkUrl, password });
    setIsSending(false);
    if (res.status) {
      onUnlocked();
      return;
    }
    setError(
      res.rescode === CODES.sharePasswordWrong.rescode
        ? tCodes("sharePasswordWrong")
        : tCodes(failureKeyOf(res)),
    );
  };

  return (
    <main className={classes.shell} data-testid="share-password">
      <PageTitle title={t("share.password.title")} isHidden />
      <Paper radius="lg" p="xl" shadow="xl" w="100%" maw={400} c="var(--mantine-color-text)">
        <form onSubmit={(e) => void handleSubmit(e)} noValidate>
          <Stack gap="md">
            <Stack gap={6} align="center">
              <span className={classes.icon} aria-hidden>
                <IconLock size={30} />
              </span>
              <Title order={1} size="h3" ta="center">
                {t("share.password.title")}
              </Title>
              <Text size="sm" c="dimmed" ta="center">
                {t("share.password.text")}
              </Text>
            </Stack>
            <PasswordInput
              label={t("share.password.label")}
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoFocus
              autoComplete="current-password"
              maxLength={200}
              visibilityToggleButtonProps={{ "aria-label": t("share.password.toggle"), tabIndex: 0 }}
              data-testid="share-password-input"
            />
            <Button type="submit" fullWidth loading={isSending}>
              {t("share.password.submit")}
            </Button>
          </Stack>
        </form>
      </Paper>
    </main>
  );
}
