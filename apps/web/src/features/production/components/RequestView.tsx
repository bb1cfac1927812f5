/**
 * One production request as a card: status, what was asked, the quote, the files, the history
 * (status steps and messages). `actions` adds the owner's or the console's buttons.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Timeline } from "@mantine/core";
import { IconMessage, IconPaperclip, IconPoint } from "@tabler/icons-react";
import { formatForLanguage, type TProductionDoc } from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../../../i18n/use-messages";

const STATUS_COLOR: Record<TProductionDoc["status"], string> = {
  received: "blue",
  quoted: "orange",
  in_production: "violet",
  delivered: "teal",
  closed: "gray",
  declined: "red",
};

/** A price as read in the page's language. */
export function formatMoney(price: number, currency: string, lang: "en" | "ko"): string {
  return new Intl.NumberFormat(lang === "ko" ? "ko-KR" : "en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(price);
}

/** The status badge. */
export function StatusBadge({ status }: { status: TProductionDoc["status"] }) {
  const { t } = useTranslation("production");
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="production-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Props of {@link RequestView}. */
export interface RequestViewProps {
  doc: TProductionDoc;
  actions?: ReactNode;
  /** Shown above the actions (the delivered model's link). */
  extra?: ReactNode;
}

/** A request card. */
export function RequestView({ doc, actions, extra }: RequestViewProps) {
  const { t } = useTranslation("production");
  const lang = useLanguage();
  const options = [
    doc.options.motion ? t("form.motion") : null,
    doc.options.ar_ready ? t("form.arReady") : null,
  ].filter((o): o is string => o !== null);
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="production-request">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ wordBreak: "break-word" }}>
              {doc.product_name}
            </Text>
            <StatusBadge status={doc.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {doc.owner_email_id ? `${doc.owner_email_id} · ` : ""}
            {formatForLanguage(doc.created_at, lang)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
          {doc.description}
        </Text>
        <Text size="sm" c="dimmed">
          {[
            t(`purpose.${doc.purpose}`),
            doc.kind ? t(`kind.${doc.kind}`) : null,
            t("view.quantity", { count: doc.quantity }),
            doc.wished_date ? t("view.wished", { date: doc.wished_date }) : null,
            ...options,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        {doc.files.length > 0 ? (
          <Group gap="xs" wrap="wrap">
            {doc.files.map((f) => (
              <Anchor key={f.url} href={f.url} target="_blank" rel="noreferrer" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconPaperclip size={14} aria-hidden />
                  {f.name}
                </Group>
              </Anchor>
            ))}
          </Group>
        ) : null}
        {doc.quote ? (
          <Paper bg="var(--mantine-color-orange-light)" p="sm" radius="sm" data-testid="production-quote">
            <Text size="sm" fw={600}>
              {t("view.quote", {
                price: formatMoney(doc.quote.price, doc.quote.currency, lang),
                date: doc.quote.delivery_date,
              })}
            </Text>
            {doc.quote.note ? (
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {doc.quote.note}
              </Text>
            ) : null}
          </Paper>
        ) : null}
        {extra}
        <Timeline bulletSize={18} lineWidth={2}>
          {doc.events.map((e, i) => (
            <Timeline.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows; its order is fixed.
              key={i}
              bullet={e.kind === "message" ? <IconMessage size={12} /> : <IconPoint size={12} />}
              title={
                <Text size="sm" fw={500}>
                  {e.kind === "status" && e.status
                    ? t(`status.${e.status}`)
                    : e.author === "operator"
                      ? t("view.fromOperators")
                      : t("view.fromOwner")}
                </Text>
              }
            >
              {e.kind === "message" ? (
                <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                  {e.text}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {formatForLanguage(e.created_at, lang)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
        {actions}
      </Stack>
    </Paper>
  );
}
