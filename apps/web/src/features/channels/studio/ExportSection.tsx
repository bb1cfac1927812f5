import { Checkbox, Group, MultiSelect, Stack } from "@mantine/core";
import {
  COUNTRY_CODES,
  INCOTERM_CODES,
  INCOTERMS_EDITION,
  PAYMENT_METHODS,
  SHIPPING_METHODS,
  type TPaymentMethod,
  type TShippingMethod,
} from "@vitrine/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { SectionFrame } from "./SectionFrame";
import { type TSectionProps, useDraft } from "./use-draft";
import { useSectionSave } from "./use-section-save";

const P = "channel_global_business_info";

/** Export info: markets (ISO 3166), payment and shipping methods, Incoterms 2020. */
export function ExportSection({ doc, onSaved, onDirty }: TSectionProps) {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const { draft, patch, isDirty } = useDraft(
    doc,
    (d) => {
      const info = d.channel_global_business_info;
      return {
        export_markets: info.export_markets,
        payment_methods: info.payment_methods,
        shipping_methods: info.shipping_methods,
        incoterms: info.incoterms.codes,
      };
    },
    onDirty,
  );
  const { save, errors, isSaving, status } = useSectionSave(doc.user_channel_id, "channelUpdated", onSaved);
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: labels.country(code) })).sort((a, b) =>
        a.label.localeCompare(b.label, labels.lang),
      ),
    [labels],
  );
  return (
    <SectionFrame
      title={t("studio.export.title")}
      hint={t("studio.export.hint")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() =>
        void save({
          [P]: {
            export_markets: draft.export_markets,
            payment_methods: draft.payment_methods,
            shipping_methods: draft.shipping_methods,
            incoterms: { edition: INCOTERMS_EDITION, codes: draft.incoterms },
          },
        })
      }
    >
      <MultiSelect
        label={t("fields.exportMarkets")}
        data={countries}
        value={draft.export_markets}
        onChange={(export_markets) => patch({ export_markets })}
        searchable
        error={errors[`${P}.export_markets`]}
      />
      <Checkbox.Group
        label={t("fields.paymentMethods")}
        value={draft.payment_methods}
        onChange={(v) => patch({ payment_methods: v as TPaymentMethod[] })}
      >
        <Group gap="md" mt={6}>
          {PAYMENT_METHODS.map((code) => (
            <Checkbox key={code} value={code} label={labels.payment(code)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox.Group
        label={t("fields.shippingMethods")}
        value={draft.shipping_methods}
        onChange={(v) => patch({ shipping_methods: v as TShippingMethod[] })}
      >
        <Group gap="md" mt={6}>
          {SHIPPING_METHODS.map((code) => (
            <Checkbox key={code} value={code} label={labels.shipping(code)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Checkbox.Group
        label={t("fields.incoterms")}
        description={t("incotermsEdition")}
        value={draft.incoterms}
        onChange={(incoterms) => patch({ incoterms })}
      >
        <Stack gap={6} mt={6}>
          {INCOTERM_CODES.map((code) => (
            <Checkbox key={code} value={code} label={labels.incoterm(code)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </SectionFrame>
  );
}
