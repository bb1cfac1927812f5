import { Anchor, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconHourglassHigh } from "@tabler/icons-react";
import {
  CODES,
  contentDetailCall,
  contentRetryCall,
  type TCallResult,
  type TContentDoc,
} from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";
import { PageTitle } from "../../../ui/PageTitle";
import { ContentEditor } from "../editor/ContentEditor";
import { PROCESSING_POLL_MS } from "../hooks/use-content-list";
import type { TShareDialog } from "../share-slot";

/** Props of {@link ContentEditorPage}. */
export interface ContentEditorPageProps {
  contentId: string;
  /** The share-link manager the editor's share action opens. */
  ShareDialog: TShareDialog;
}

type TPageState =
  | { kind: "loading" }
  | { kind: "error"; result: TCallResult<unknown> }
  | { kind: "notFound" }
  | { kind: "content"; doc: TContentDoc };

function Notice({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <Center p="xl" h="100%">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * `/Studio/user/contents/:contentId`: loads the content and opens the editor once its model is
 * ready; while processing it waits (asking every 2 s), and a failed one shows why with Retry.
 */
export default function ContentEditorPage({ contentId, ShareDialog }: ContentEditorPageProps) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation("codes");
  const messageOf = useResultMessage();
  const [state, setState] = useState<TPageState>({ kind: "loading" });
  const [isRetrying, setIsRetrying] = useState(false);

  const load = useCallback(async () => {
    const res = await api(contentDetailCall, { content_id: contentId });
    if (res.status) setState({ kind: "content", doc: res.data.doc });
    else if (res.rescode === CODES.notFound.rescode) setState({ kind: "notFound" });
    else setState({ kind: "error", result: res });
  }, [contentId]);

  useEffect(() => {
    setState({ kind: "loading" });
    void load();
  }, [load]);

  const isProcessing =
    state.kind === "content" &&
    (state.doc.status === "processing" || (state.doc.status === "ready" && !state.doc.model_url));
  useEffect(() => {
    if (!isProcessing) return;
    const timer = window.setInterval(() => void load(), PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [isProcessing, load]);

  const back = (
    <Anchor component={Link} to="/Studio/user/contents" fw={600}>
      {t("editor.back")}
    </Anchor>
  );

  if (state.kind === "loading") {
    return (
      <Center h="100%" role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            {tc("loading")}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (state.kind === "notFound") {
    return (
      <Notice icon={<IconAlertTriangle />} title={t("editor.notFound")}>
        <PageTitle title={t("editor.notFound")} isHidden />
        {back}
      </Notice>
    );
  }
  if (state.kind === "error") {
    return (
      <Notice icon={<IconAlertTriangle />} title={messageOf(state.result)}>
        <Button variant="light" onClick={() => void load()}>
          {t("list.retryLoad")}
        </Button>
        {back}
      </Notice>
    );
  }
  const { doc } = state;
  if (doc.status === "failed") {
    return (
      <Notice icon={<IconAlertTriangle />} title={t("editor.failedTitle")}>
        <PageTitle title={doc.title} isHidden />
        <Text c="dimmed">{doc.failure_reason ?? t("card.failedUnknown")}</Text>
        <Button
          loading={isRetrying}
          onClick={async () => {
            setIsRetrying(true);
            const res = await api(contentRetryCall, { content_id: doc.content_id });
            setIsRetrying(false);
            if (res.status) setState({ kind: "content", doc: res.data.doc });
            else setState({ kind: "error", result: res });
          }}
        >
          {t("card.retry")}
        </Button>
        {back}
      </Notice>
    );
  }
  if (isProcessing || !doc.model_url) {
    return (
      <Notice icon={<IconHourglassHigh />} title={t("editor.processingTitle")}>
        <PageTitle title={doc.title} isHidden />
        <Loader size="sm" />
        <Text c="dimmed">{t("editor.processingText")}</Text>
        {back}
      </Notice>
    );
  }
  return (
    <ContentEditor key={doc.content_id} content={doc} modelUrl={doc.model_url} ShareDialog={ShareDialog} />
  );
}
