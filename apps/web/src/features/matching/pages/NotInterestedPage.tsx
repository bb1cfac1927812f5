import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { connectNotInterestedCall } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";
import { PageIntro } from "../../../ui/PageIntro";

/**
 * `/business-connect/not-interested?t=…`: the one-click "not interested" of a matched business's
 * mail. It asks before acting (mail scanners open links), then excludes the pair for good.
 */
export default function NotInterestedPage() {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const message = useResultMessage();
  const [params] = useSearchParams();
  const token = params.get("t") ?? "";
  const [state, setState] = useState<"ask" | "busy" | { company: string } | { failure: string }>("ask");

  const handleConfirm = async () => {
    setState("busy");
    const res = await api(connectNotInterestedCall, { token });
    setState(res.status ? { company: res.data.company } : { failure: message(res) });
  };

  return (
    <PageIntro size="sm" title={t("notInterested.title")}>
      {typeof state === "object" && "company" in state ? (
        <Alert color="teal" role="status" data-testid="not-interested-done">
          {t("notInterested.done", { company: state.company })}
        </Alert>
      ) : typeof state === "object" ? (
        <Alert color="red" role="alert">
          {state.failure}
        </Alert>
      ) : token.length < 10 ? (
        <Alert color="red" role="alert">
          {tCodes("connectLinkInvalid")}
        </Alert>
      ) : (
        <Stack gap="md">
          <Text>{t("notInterested.ask")}</Text>
          <Group>
            <Button onClick={handleConfirm} loading={state === "busy"}>
              {t("notInterested.confirm")}
            </Button>
            <Button component={Link} to="/Studio/user/connections" variant="default">
              {t("notInterested.studio")}
            </Button>
          </Group>
        </Stack>
      )}
    </PageIntro>
  );
}
