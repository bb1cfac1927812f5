import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  CONNECT_TEXT_MAX,
  connectReplyCall,
  connectUpdateCall,
  formatForLanguage,
  type TConnection,
} from "@vitrine/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { currentLanguage } from "../../../i18n";
import { useResultMessage } from "../../../i18n/use-messages";
import { useMatchingMessage } from "../lib/messages";
import type { TBuyerLabels } from "../lib/reasons";

const STATUS_COLORS = { new: "blue", replied: "teal", declined: "gray", closed: "dark" } as const;

/** Props of {@link ConnectionCard}. */
export interface ConnectionCardProps {
  connection: TConnection;
  labels: TBuyerLabels;
  onChange(connection: TConnection): void;
}

/**
 * One inquiry a business received: why it fits, the buyer's details (the items the buyer's
 * third-party-provision consent names — an inquiry without it never reaches a business), the
 * reply by e-mail, decline or close, a private note, and a report to the operators.
 */
export function ConnectionCard({ connection, labels, onChange }: ConnectionCardProps) {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useMatchingMessage();
  const resultMessage = useResultMessage();
  const [reply, setReply] = useState("");
  const [note, setNote] = useState(connection.note);
  const [replyError, setReplyError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const { buyer } = connection;
  const headingId = `connection-${connection.connection_id}`;

  const update = async (
    what: string,
    change: Omit<Parameters<typeof api<typeof connectUpdateCall>>[1], "connection_id">,
  ) => {
    setBusy(what);
    const res = await api(connectUpdateCall, { connection_id: connection.connection_id, ...change });
    setBusy(null);
    if (res.status) {
      onChange(res.data.doc);
      notifications.show({ color: "teal", message: t(`studio.done.${what}` as "studio.done.note") });
    } else notifications.show({ color: "red", message: resultMessage(res) });
  };

  const handleReply = async () => {
    if (reply.trim() === "") {
      setReplyError(t("studio.replyEmpty"));
      return;
    }
    setReplyError(undefined);
    setBusy("reply");
    const res = await api(connectReplyCall, { connection_id: connection.connection_id, message: reply });
    setBusy(null);
    if (res.status) {
      onChange(res.data.doc);
      setReply("");
      notifications.show({ color: "teal", message: tCodes("connectReplied") });
    } else {
      const field = (res.data as { fields?: Record<string, string> } | null)?.fields?.message;
      if (field) setReplyError(fieldMessage(field));
      else notifications.show({ color: "red", message: resultMessage(res) });
    }
  };

  const rows: [string, ReactNode][] = [
    [t("form.company"), buyer.company],
    [t("form.contactPerson"), buyer.contact_person],
    [t("form.jobTitle"), buyer.job_title],
    [
      t("form.email"),
      <span key="mail">
        <Anchor href={`mailto:${buyer.email}`}>{buyer.email}</Anchor>{" "}
        <Text span size="sm" c="dimmed">
          ({t(`studio.emailKind.${buyer.email_kind}`)})
        </Text>
      </span>,
    ],
    [t("form.country"), labels.country(buyer.country)],
    [t("form.industry"), labels.industry(buyer)],
    [t("form.businessType"), labels.businessType(buyer.business_type)],
    [t("form.inquiryType"), labels.inquiryType(buyer.inquiry_type)],
    [t("form.needs"), buyer.needs],
  ];
  if (buyer.quantity !== "") rows.push([t("form.quantity"), buyer.quantity]);
  if (buyer.incoterms.length > 0) rows.push([t("form.incoterms"), buyer.incoterms.join(", ")]);

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      component="article"
      aria-labelledby={headingId}
      data-testid="connection"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4" id={headingId}>
              {buyer.company}
            </Title>
            <Text size="sm" c="dimmed">
              {formatForLanguage(connection.created_at, currentLanguage())}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge variant="light" color={connection.kind === "direct" ? "grape" : "indigo"}>
              {t(`studio.kind.${connection.kind}`)}
            </Badge>
            <Badge color={STATUS_COLORS[connection.status]} data-testid="connection-status">
              {t(`studio.status.${connection.status}`)}
            </Badge>
          </Group>
        </Group>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t("studio.why")}
          </Text>
          <List size="sm" spacing={2} data-testid="connection-reasons">
            {connection.reasons.map((reason) => (
              <List.Item key={`${reason.code}-${reason.values.join()}`}>{labels.reason(reason)}</List.Item>
            ))}
          </List>
        </Stack>
        <Table variant="vertical" layout="fixed" fz="sm" withTableBorder={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 110, sm: 180 }} style={{ verticalAlign: "top" }}>
                  {label}
                </Table.Th>
                <Table.Td style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t("studio.consentNote")}
        </Text>
        {connection.reply !== "" ? (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              {t("studio.yourReply")}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {connection.reply}
            </Text>
          </Stack>
        ) : null}
        <Textarea
          label={t("studio.reply")}
          description={t("studio.replyHint", { email: buyer.email })}
          autosize
          minRows={3}
          maxLength={CONNECT_TEXT_MAX.reply}
          value={reply}
          onChange={(e) => setReply(e.currentTarget.value)}
          error={replyError}
        />
        <Group gap="xs">
          <Button onClick={handleReply} loading={busy === "reply"}>
            {t("studio.sendReply")}
          </Button>
          {connection.status !== "declined" ? (
            <Button
              variant="default"
              onClick={() => update("declined", { status: "declined" })}
              loading={busy === "declined"}
            >
              {t("studio.decline")}
            </Button>
          ) : null}
          {connection.status !== "closed" ? (
            <Button
              variant="default"
              onClick={() => update("closed", { status: "closed" })}
              loading={busy === "closed"}
            >
              {t("studio.close")}
            </Button>
          ) : null}
        </Group>
        <Textarea
          label={t("studio.note")}
          description={t("studio.noteHint")}
          autosize
          minRows={2}
          maxLength={CONNECT_TEXT_MAX.note}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group gap="xs" justify="space-between">
          <Button
            variant="light"
            size="xs"
            onClick={() => update("note", { note })}
            loading={busy === "note"}
            disabled={note === connection.note}
          >
            {t("studio.saveNote")}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => update("complaint", { complaint: true })}
            loading={busy === "complaint"}
          >
            {t("studio.report")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
