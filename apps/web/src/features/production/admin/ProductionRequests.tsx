/** Console › Production: the requests, filtered and searched, each with its actions. */
import { Button, Group, Modal, Pagination, Select, Stack, Text, TextInput } from "@mantine/core";
import {
  PRODUCTION_STATUSES,
  productionAdminListCall,
  productionSetStatusCall,
  type TProductionDoc,
  type TProductionStatus,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { RequestView } from "../components/RequestView";
import { DeliverForm } from "./DeliverForm";
import { MessageForm } from "./MessageForm";
import { QuoteForm } from "./QuoteForm";

type TDialog = { kind: "quote" | "deliver" | "message"; doc: TProductionDoc } | null;

/** The requests: status filter, search, pages, and the quote, deliver and message dialogs. */
export function ProductionRequests() {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [status, setStatus] = useState<TProductionStatus | null>(null);
  const [q, setQ] = useState("");
  const [draft, setDraft] = useState("");
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<TDialog>(null);
  const { data, reload } = useCall(productionAdminListCall, { status, q, page });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const close = () => {
    setDialog(null);
    reload();
  };
  const move = async (doc: TProductionDoc, to: "in_production" | "closed") => {
    if (await action.run(productionSetStatusCall, { request_id: doc.id, status: to })) reload();
  };
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t("admin.filter")}
          data={[
            { value: "", label: t("admin.all") },
            ...PRODUCTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          value={status ?? ""}
          onChange={(v) => {
            setStatus(v ? (v as TProductionStatus) : null);
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setQ(draft.trim());
            setPage(1);
          }}
          style={{ flex: "1 1 220px" }}
        >
          <TextInput
            label={t("admin.search")}
            placeholder={t("admin.searchHint")}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        </form>
      </Group>
      {data && data.docs.length === 0 ? <Text c="dimmed">{t("admin.none")}</Text> : null}
      {data?.docs.map((doc) => (
        <RequestView
          key={doc.id}
          doc={doc}
          extra={
            doc.content_id ? (
              <Text size="sm" c="dimmed" ff="monospace">
                {t("admin.delivered", { id: doc.content_id })}
              </Text>
            ) : null
          }
          actions={
            <Group gap="xs" wrap="wrap">
              {["received", "quoted", "declined"].includes(doc.status) ? (
                <Button size="xs" onClick={() => setDialog({ kind: "quote", doc })}>
                  {t("admin.quote")}
                </Button>
              ) : null}
              {["received", "quoted"].includes(doc.status) ? (
                <Button size="xs" variant="light" onClick={() => void move(doc, "in_production")}>
                  {t("admin.start")}
                </Button>
              ) : null}
              {["in_production", "delivered"].includes(doc.status) ? (
                <Button size="xs" color="teal" onClick={() => setDialog({ kind: "deliver", doc })}>
                  {t("admin.deliver")}
                </Button>
              ) : null}
              <Button size="xs" variant="default" onClick={() => setDialog({ kind: "message", doc })}>
                {t("admin.messageOwner")}
              </Button>
              {doc.status !== "closed" ? (
                <Button size="xs" variant="subtle" color="gray" onClick={() => void move(doc, "closed")}>
                  {t("admin.close")}
                </Button>
              ) : null}
            </Group>
          }
        />
      ))}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      ) : null}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? `${t(`admin.${dialog.kind}`)} · ${dialog.doc.product_name}` : ""}
        centered
      >
        {dialog?.kind === "quote" ? <QuoteForm doc={dialog.doc} onDone={close} /> : null}
        {dialog?.kind === "deliver" ? <DeliverForm doc={dialog.doc} onDone={close} /> : null}
        {dialog?.kind === "message" ? <MessageForm doc={dialog.doc} onDone={close} /> : null}
      </Modal>
    </Stack>
  );
}
