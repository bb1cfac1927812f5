import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCube, IconSearch } from "@tabler/icons-react";
import { adminContentFindCall, contentSetProducedCall, type TAdminContentRow } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCall } from "../../../api/use-call";
import { useAdminAction, useAdminTime } from "../../../ui/console/admin-hooks";
import { ReasonField } from "../../../ui/console/ReasonField";

/** Asks the reason, then marks or unmarks a content produced. */
function ProducedDialog({
  row,
  onClose,
  onDone,
}: {
  row: TAdminContentRow;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation("admin");
  const action = useAdminAction();
  const [reason, setReason] = useState("");
  const isMarking = !row.is_produced;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      action.setErrors({ reason: t("reason.required") });
      return;
    }
    const done = await action.run(contentSetProducedCall, {
      content_id: row.content_id,
      is_produced: isMarking,
      reason,
    });
    if (done) onDone();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={isMarking ? t("produced.markTitle") : t("produced.unmarkTitle")}
      centered
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {isMarking
              ? t("produced.markHelp", { title: row.title })
              : t("produced.unmarkHelp", { title: row.title })}
          </Text>
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={action.isBusy} color={isMarking ? "grape" : "gray"}>
              {isMarking ? t("produced.mark") : t("produced.unmark")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ContentCard({ row, onToggle }: { row: TAdminContentRow; onToggle(): void }) {
  const { t } = useTranslation("admin");
  const time = useAdminTime();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="produced-row">
      <Group gap="md" wrap="nowrap" align="flex-start">
        {row.thumbnail_url ? (
          <Image src={row.thumbnail_url} alt="" w={96} h={72} radius="sm" fit="cover" />
        ) : (
          <Stack w={96} h={72} align="center" justify="center" bg="gray.1" style={{ borderRadius: 4 }}>
            <IconCube aria-hidden color="var(--mantine-color-gray-6)" />
          </Stack>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ wordBreak: "break-word" }}>
              {row.title}
            </Text>
            {row.is_produced ? (
              <Badge color="grape" variant="light">
                {t("produced.badge")}
              </Badge>
            ) : null}
            <Badge color={row.status === "ready" ? "teal" : "gray"} variant="outline">
              {t(`produced.status.${row.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
            {row.owner_email_id ?? row.owner_id} · {time.day(row.created_at)}
          </Text>
          <Text size="xs" ff="monospace" c="dimmed" style={{ wordBreak: "break-all" }}>
            {row.content_id}
          </Text>
          <Group>
            <Button
              size="xs"
              variant={row.is_produced ? "default" : "light"}
              color="grape"
              onClick={onToggle}
            >
              {row.is_produced ? t("produced.unmark") : t("produced.mark")}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** Console: find a content by id or owner e-mail and mark it produced (its motion steps open). */
export default function ProducedSection() {
  const { t } = useTranslation(["admin", "common"]);
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [draft, setDraft] = useState(q);
  const [toggling, setToggling] = useState<TAdminContentRow | null>(null);
  const { data, error, isLoading, reload } = useCall(adminContentFindCall, q ? { q } : null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  };
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("produced.intro")}</Text>
      <form onSubmit={onSubmit}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t("produced.searchLabel")}
            placeholder={t("produced.searchHint")}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            maxLength={254}
            style={{ flex: 1, maxWidth: 420 }}
          />
          <Button type="submit">{t("produced.search")}</Button>
        </Group>
      </form>
      {q && error ? <Alert color="red">{t("loadFailed")}</Alert> : null}
      {q && isLoading && !data ? <Loader aria-label={t("common:loading")} /> : null}
      {q && data ? (
        data.docs.length === 0 ? (
          <Text>{t("produced.none")}</Text>
        ) : (
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t("produced.found", { count: data.docs.length })}
            </Title>
            {data.docs.map((row) => (
              <ContentCard key={row.content_id} row={row} onToggle={() => setToggling(row)} />
            ))}
          </Stack>
        )
      ) : null}
      {toggling ? (
        <ProducedDialog
          row={toggling}
          onClose={() => setToggling(null)}
          onDone={() => {
            setToggling(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
