/** Console › Production: the quote of one request (price, complexity, days, note). */
import { Group, NumberInput, Select, Textarea, TextInput } from "@mantine/core";
import { productionQuoteCall, type TProductionDoc } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ConsoleForm } from "../../../ui/console/ConsoleForm";

/** Props of {@link QuoteForm} (and of the request's other action forms). */
export interface RequestActionProps {
  doc: TProductionDoc;
  onDone(): void;
}

/** Quotes a request: the owner sees the price and the days before accepting. */
export function QuoteForm({ doc, onDone }: RequestActionProps) {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const [price, setPrice] = useState<number>(doc.quote?.price ?? 0);
  const [currency, setCurrency] = useState<"KRW" | "USD">(doc.quote?.currency ?? "KRW");
  const [date, setDate] = useState(doc.quote?.delivery_date ?? "");
  const [note, setNote] = useState(doc.quote?.note ?? "");
  const onSubmit = async () => {
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
    <ConsoleForm onSubmit={onSubmit} submitLabel={t("admin.sendQuote")} isBusy={action.isBusy}>
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
    </ConsoleForm>
  );
}
