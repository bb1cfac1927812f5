/** Console › Production: the requests, filtered and searched, each with its actions. */
import { Group, Text, TextInput } from "@mantine/core";
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
import { ConsoleDialog } from "../../../ui/console/ConsoleDialog";
import { ConsoleFilter } from "../../../ui/console/ConsoleFilter";
import { ConsoleList } from "../../../ui/console/ConsoleList";
import { RequestView } from "../components/RequestView";
import { DeliverForm } from "./DeliverForm";
import { MessageForm } from "./MessageForm";
import { QuoteForm } from "./QuoteForm";
import { RequestActions, type TRequestDialog } from "./RequestActions";

type TDialog = { kind: TRequestDialog; doc: TProductionDoc } | null;

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
  const close = () => {
    setDialog(null);
    reload();
  };
  const move = async (doc: TProductionDoc, to: "in_production" | "closed") => {
    if (await action.run(productionSetStatusCall, { request_id: doc.id, status: to })) reload();
  };
  const toolbar = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <ConsoleFilter
        label={t("admin.filter")}
        allLabel={t("admin.all")}
        options={PRODUCTION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
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
  );
  return (
    <ConsoleList
      toolbar={toolbar}
      data={data}
      emptyText={t("admin.none")}
      page={page}
      onPage={setPage}
      row={(doc) => (
        <RequestView
          doc={doc}
          extra={
            doc.content_id ? (
              <Text size="sm" c="dimmed" ff="monospace">
                {t("admin.delivered", { id: doc.content_id })}
              </Text>
            ) : null
          }
          actions={
            <RequestActions
              doc={doc}
              onDialog={(kind) => setDialog({ kind, doc })}
              onMove={(to) => void move(doc, to)}
            />
          }
        />
      )}
    >
      <ConsoleDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog ? `${t(`admin.${dialog.kind}`)} · ${dialog.doc.product_name}` : ""}
      >
        {dialog?.kind === "quote" ? <QuoteForm doc={dialog.doc} onDone={close} /> : null}
        {dialog?.kind === "deliver" ? <DeliverForm doc={dialog.doc} onDone={close} /> : null}
        {dialog?.kind === "message" ? <MessageForm doc={dialog.doc} onDone={close} /> : null}
      </ConsoleDialog>
    </ConsoleList>
  );
}
