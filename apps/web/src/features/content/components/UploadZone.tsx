import "@mantine/dropzone/styles.css";
import { Anchor, Button, Flex, Group, Progress, Stack, Text, ThemeIcon } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { notifications } from "@mantine/notifications";
import { IconCubePlus, IconUpload, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../../../api/client-config";
import { planLimitOf, type TPlanLimitAnswer } from "../../../api/plan-limit";
import { uploadModel } from "../../../api/upload";
import { useResultMessage } from "../../../i18n/use-messages";
import { FormAlert } from "../../../ui/FormAlert";
import { LimitNotice } from "../../../ui/LimitNotice";
import { checkModelFiles, formatAdviceOf } from "../lib/file-checks";
import { modelRefusalOf, type TModelRefusal } from "../lib/upload-refusal";

/** Props of {@link UploadZone}. */
export interface UploadZoneProps {
  /** Called with the new content's id once the upload is accepted. */
  onUploaded: (contentId: string) => void;
  /** A large zone with the first-upload invitation (empty list), or a compact one. */
  isInviting?: boolean;
}

type TUploadState =
  | { kind: "idle" }
  | { kind: "sending"; name: string; fraction: number }
  | { kind: "error"; message: string; isProductionHelp?: boolean }
  | { kind: "limit"; limit: TPlanLimitAnswer };

/**
 * The model upload: drop or pick `.glb`, or `.gltf` with its `.bin` and textures (several files
 * at once). Checked here first, then streamed with a progress bar; the server's refusal is shown.
 */
export function UploadZone({ onUploaded, isInviting = false }: UploadZoneProps) {
  const { t } = useTranslation("content");
  const messageOf = useResultMessage();
  const supportEmail = useClientConfig((s) => s.config?.support.email ?? null);
  const [state, setState] = useState<TUploadState>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);

  const showRefusal = (refusal: TModelRefusal) =>
    setState({
      kind: "error",
      message: t(refusal.key, refusal.values),
      isProductionHelp: refusal.isProductionHelp,
    });

  const handleFiles = async (files: File[]) => {
    const advice = formatAdviceOf(files);
    if (advice) {
      showRefusal(advice);
      return;
    }
    const problem = checkModelFiles(files);
    if (problem !== null) {
      setState({ kind: "error", message: t(`upload.errors.${problem}`) });
      return;
    }
    const name = files.find((f) => /\.(glb|gltf)$/i.test(f.name))?.name ?? files[0]?.name ?? "";
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "sending", name, fraction: 0 });
    const res = await uploadModel(files, {
      signal: controller.signal,
      onProgress: (fraction) => setState({ kind: "sending", name, fraction }),
    });
    abort.current = null;
    if (controller.signal.aborted) {
      setState({ kind: "idle" });
      return;
    }
    if (res.status) {
      setState({ kind: "idle" });
      // A toast, not a lasting box: the new card itself shows the processing state.
      notifications.show({ color: "teal", message: t("upload.processingNote") });
      onUploaded(res.data.content_id);
      return;
    }
    const limit = planLimitOf(res);
    const refusal = limit ? null : modelRefusalOf(res);
    if (refusal) showRefusal(refusal);
    else setState(limit ? { kind: "limit", limit } : { kind: "error", message: messageOf(res) });
  };

  const isSending = state.kind === "sending";
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => void handleFiles(files)}
        onReject={() => setState({ kind: "error", message: t("upload.dropReject") })}
        multiple
        disabled={isSending}
        useFsAccessApi={false}
        inputProps={{ "aria-label": t("upload.dropTitle"), id: "content-upload-input" } as object}
        radius="md"
        p={isInviting ? "xl" : "md"}
        data-testid="upload-zone"
      >
        <Flex
          justify="center"
          align="center"
          gap="md"
          mih={isInviting ? 180 : 72}
          direction={isInviting ? { base: "column", xs: "row" } : "row"}
          ta={isInviting ? { base: "center", xs: "left" } : undefined}
          style={{ pointerEvents: "none", wordBreak: "keep-all" }}
        >
          <Dropzone.Accept>
            <ThemeIcon size={isInviting ? 64 : 44} radius="xl" variant="light" aria-hidden>
              <IconUpload />
            </ThemeIcon>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <ThemeIcon size={isInviting ? 64 : 44} radius="xl" color="red" variant="light" aria-hidden>
              <IconX />
            </ThemeIcon>
          </Dropzone.Reject>
          <Dropzone.Idle>
            <ThemeIcon size={isInviting ? 64 : 44} radius="xl" variant="light" aria-hidden>
              <IconCubePlus />
            </ThemeIcon>
          </Dropzone.Idle>
          <Stack gap={4} maw={520}>
            <Text fw={700} size={isInviting ? "lg" : "md"}>
              {isInviting ? t("list.emptyTitle") : t("upload.dropTitle")}
            </Text>
            <Text size="sm" c="dimmed">
              {isInviting ? t("list.emptyText") : t("upload.dropHint")}
            </Text>
          </Stack>
        </Flex>
      </Dropzone>
      {state.kind === "sending" ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {t("upload.uploading", { name: state.name, percent: Math.round(state.fraction * 100) })}
            </Text>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={() => abort.current?.abort()}>
              {t("upload.cancel")}
            </Button>
          </Group>
          <Progress value={state.fraction * 100} animated aria-label={state.name} />
        </Stack>
      ) : null}
      {state.kind === "error" ? <FormAlert message={state.message} /> : null}
      {state.kind === "error" && state.isProductionHelp && supportEmail ? (
        <Text size="sm" data-testid="upload-production-help">
          {t("upload.production")}{" "}
          <Anchor
            href={`mailto:${supportEmail}?subject=${encodeURIComponent(t("upload.productionSubject"))}`}
          >
            {supportEmail}
          </Anchor>
        </Text>
      ) : null}
      {state.kind === "limit" ? (
        <LimitNotice
          limit={state.limit.limit}
          max={state.limit.max}
          onClose={() => setState({ kind: "idle" })}
        />
      ) : null}
    </Stack>
  );
}
