/**
 * Console: production requests (filter by status, search by product or e-mail ID), quote,
 * move on, deliver a `.glb` into the owner's studio (uploaded through `POST /api/upload/file`,
 * purpose `production_model`), message the owner; and the model price table. Every action is a
 * `super` call, audited by the server.
 */
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import {
  PRODUCTION_COMPLEXITIES,
  PRODUCTION_KINDS,
  PRODUCTION_STATUSES,
  productionAdminListCall,
  productionAdminMessageCall,
  productionDeliverCall,
  productionPricesCall,
  productionPricesUpdateCall,
  productionQuoteCall,
  productionSetStatusCall,
  type TProductionDoc,
  type TProductionPrice,
  type TProductionStatus,
  type TUploadedFile,
} from "@vitrine/contract";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { FileUploads } from "../../../ui/FileUploads";
import { RequestView } from "../components/RequestView";

type TDialog = { kind: "quote" | "deliver" | "message"; doc: TProductionDoc } | null;

function QuoteForm({ doc, onDone }: { doc: TProductionDoc; onDone(): void }) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [price, setPrice] = useState<number>(doc.quote?.price ?? 0);
  const [currency, setCurrency] = useState<"KRW" | "USD">(doc.quote?.currency ?? "KRW");
  const [date, setDate] = useState(doc.quote?.delivery_date ?? "");
  const [note, setNote] = useState(doc.quote?.note ?? "");
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await action.run(productionQuoteCall, {
      request_id: doc.id,
      price,
      currency,
      delivery_date: date,
      note,
    });
    if (done) onDone();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Group grow>
          <NumberInput
            label={t("admin.price")}
            min={0}
            value={price}
            onChange={(v) => setPrice(Number(v) || 0)}
            thousandSeparator=","
          />
          <Select
            label={t("admin.currency")}
            data={["KRW", "USD"]}
            value={currency}
            onChange={(v) => v && setCurrency(v as "KRW" | "USD")}
            allowDeselect={false}
          />
        </Group>
        <TextInput
          type="date"
          label={t("admin.deliveryDate")}
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          error={action.errors.delivery_date}
          required
        />
        <Textarea
          label={t("admin.note")}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={action.isBusy}>
            {t("admin.sendQuote")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeliverForm({ doc, onDone }: { doc: TProductionDoc; onDone(): void }) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [files, setFiles] = useState<TUploadedFile[]>([]);
  const [title, setTitle] = useState(doc.product_name);
  const model = files[0];
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!model) return;
    const done = await action.run(productionDeliverCall, { request_id: doc.id, model, title });
    if (done) onDone();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("admin.deliverHelp")}
        </Text>
        <TextInput
          label={t("admin.modelTitle")}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <FileUploads
          purpose="production_model"
          files={files}
          onChange={setFiles}
          max={1}
          accept=".glb"
          label={t("admin.model")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={action.isBusy} disabled={!model}>
            {t("admin.deliver")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessageForm({ doc, onDone }: { doc: TProductionDoc; onDone(): void }) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [text, setText] = useState("");
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === "") return;
    const done = await action.run(productionAdminMessageCall, { request_id: doc.id, text });
    if (done) onDone();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t("admin.message")}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={action.isBusy}>
            {t("admin.sendMessage")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Requests() {
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

function Prices() {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const { data } = useCall(productionPricesCall, {});
  const [rows, setRows] = useState<TProductionPrice[]>([]);
  useEffect(() => {
    if (data) setRows(data.prices);
  }, [data]);
  const edit = (i: number, patch: Partial<TProductionPrice>) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const num = (v: string | number) => (typeof v === "number" ? v : Number(v) || 0);
  const save = async () => {
    const done = await action.run(productionPricesUpdateCall, { prices: rows });
    if (done) setRows(done.prices);
  };
  const order = (p: TProductionPrice) =>
    PRODUCTION_KINDS.indexOf(p.kind) * 10 + PRODUCTION_COMPLEXITIES.indexOf(p.complexity);
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t("admin.pricesIntro")}</Text>
      <Paper withBorder style={{ overflowX: "auto" }}>
        <Table miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("prices.kind")}</Table.Th>
              <Table.Th>KRW</Table.Th>
              <Table.Th>USD</Table.Th>
              <Table.Th>{t("admin.annotations")}</Table.Th>
              <Table.Th>{t("admin.steps")}</Table.Th>
              <Table.Th>{t("admin.days")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...rows]
              .sort((a, b) => order(a) - order(b))
              .map((r) => {
                const i = rows.indexOf(r);
                return (
                  <Table.Tr key={`${r.kind}-${r.complexity}`}>
                    <Table.Td>
                      {t(`kind.${r.kind}`)} · {t(`complexity.${r.complexity}`)}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        value={r.price_krw}
                        onChange={(v) => edit(i, { price_krw: num(v) })}
                        thousandSeparator=","
                        aria-label={`KRW ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        value={r.price_usd}
                        onChange={(v) => edit(i, { price_usd: num(v) })}
                        aria-label={`USD ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={100}
                        value={r.annotations}
                        onChange={(v) => edit(i, { annotations: num(v) })}
                        aria-label={`${t("admin.annotations")} ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={100}
                        value={r.motion_steps}
                        onChange={(v) => edit(i, { motion_steps: num(v) })}
                        aria-label={`${t("admin.steps")} ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={1}
                        max={365}
                        value={r.turnaround_days}
                        onChange={(v) => edit(i, { turnaround_days: Math.max(1, num(v)) })}
                        aria-label={`${t("admin.days")} ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={action.isBusy} disabled={rows.length === 0}>
          {t("admin.savePrices")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Console page: production requests and model prices. */
export default function ProductionAdmin() {
  const { t } = useTranslation("production");
  return (
    <Tabs defaultValue="requests" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="requests">{t("admin.requests")}</Tabs.Tab>
        <Tabs.Tab value="prices">{t("admin.prices")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="requests">
        <Requests />
      </Tabs.Panel>
      <Tabs.Panel value="prices">
        <Prices />
      </Tabs.Panel>
    </Tabs>
  );
}
