/**
 * The production request form (signed-in owners): product name, description, what the model is
 * for, kind, options, quantity, wished date and reference files (uploaded with progress through
 * `POST /api/upload/file`, checked by the §5 checker).
 */
import { Button, Checkbox, Group, NumberInput, Select, Stack, Textarea, TextInput } from "@mantine/core";
import {
  FILE_PURPOSE_TYPES,
  PRODUCTION_FILES_MAX,
  PRODUCTION_KINDS,
  PRODUCTION_PURPOSES,
  PRODUCTION_TEXT_MAX,
  productionCreateCall,
  type TProductionDoc,
  type TProductionKind,
  type TUploadedFile,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { FileUploads } from "../../../ui/FileUploads";
import { RequestFormFrame } from "../../../ui/RequestFormFrame";
import { useRequestSubmit } from "../../../ui/use-request-submit";

const ACCEPT = Object.keys(FILE_PURPOSE_TYPES.production)
  .map((ext) => `.${ext}`)
  .join(",");

/** Props of {@link RequestForm}. */
export interface RequestFormProps {
  initialKind?: TProductionKind | null;
  onCreated(doc: TProductionDoc): void;
  onCancel(): void;
}

/** The request form. */
export function RequestForm({ initialKind = null, onCreated, onCancel }: RequestFormProps) {
  const { t } = useTranslation("production");
  const [productName, setProductName] = useState("");
  const [description, setDescription] = useState("");
  const [purpose, setPurpose] = useState<(typeof PRODUCTION_PURPOSES)[number]>("online_store");
  const [kind, setKind] = useState<TProductionKind | null>(initialKind);
  const [motion, setMotion] = useState(false);
  const [arReady, setArReady] = useState(false);
  const [quantity, setQuantity] = useState<number>(1);
  const [wishedDate, setWishedDate] = useState("");
  const [files, setFiles] = useState<TUploadedFile[]>([]);
  const form = useRequestSubmit(t("form.invalid"));
  const { errors } = form;

  const onSubmit = () =>
    form.submit(
      {
        product_name: [productName, t("form.nameRequired")],
        description: [description, t("form.descriptionRequired")],
      },
      () =>
        api(productionCreateCall, {
          product_name: productName,
          description,
          purpose,
          kind,
          options: { motion, ar_ready: arReady },
          quantity,
          wished_date: wishedDate === "" ? null : wishedDate,
          files,
        }),
      (data) => onCreated(data.doc),
    );

  return (
    <RequestFormFrame onSubmit={onSubmit} failure={form.failure} title={t("form.title")} padding="lg">
      <TextInput
        label={t("form.productName")}
        value={productName}
        maxLength={PRODUCTION_TEXT_MAX.product_name}
        onChange={(e) => setProductName(e.currentTarget.value)}
        error={errors.product_name}
        required
      />
      <Textarea
        label={t("form.description")}
        description={t("form.descriptionHint")}
        value={description}
        maxLength={PRODUCTION_TEXT_MAX.description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={4}
        error={errors.description}
        required
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t("form.purpose")}
          data={PRODUCTION_PURPOSES.map((p) => ({ value: p, label: t(`purpose.${p}`) }))}
          value={purpose}
          onChange={(v) => v && setPurpose(v as typeof purpose)}
          allowDeselect={false}
          miw={200}
        />
        <Select
          label={t("form.kind")}
          data={[
            { value: "", label: t("form.kindUnsure") },
            ...PRODUCTION_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          ]}
          value={kind ?? ""}
          onChange={(v) => setKind(v ? (v as TProductionKind) : null)}
          allowDeselect={false}
          miw={200}
        />
      </Group>
      <Stack gap={6}>
        <Checkbox
          label={t("form.motion")}
          checked={motion}
          onChange={(e) => setMotion(e.currentTarget.checked)}
        />
        <Checkbox
          label={t("form.arReady")}
          checked={arReady}
          onChange={(e) => setArReady(e.currentTarget.checked)}
        />
      </Stack>
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={t("form.quantity")}
          description={t("form.quantityHint")}
          min={1}
          max={1000}
          value={quantity}
          onChange={(v) => setQuantity(typeof v === "number" ? v : 1)}
          miw={160}
        />
        <TextInput
          type="date"
          label={t("form.wishedDate")}
          value={wishedDate}
          onChange={(e) => setWishedDate(e.currentTarget.value)}
          error={errors.wished_date}
          miw={160}
        />
      </Group>
      <FileUploads
        purpose="production"
        files={files}
        onChange={setFiles}
        max={PRODUCTION_FILES_MAX}
        accept={ACCEPT}
        label={t("form.files")}
        hint={t("form.filesHint")}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={form.isBusy}>
          {t("form.submit")}
        </Button>
      </Group>
    </RequestFormFrame>
  );
}
