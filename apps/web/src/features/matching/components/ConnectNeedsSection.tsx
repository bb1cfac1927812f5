import { Group, MultiSelect, Radio, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { CONNECT_TEXT_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useMatchingMessage } from "../lib/messages";
import type { TConnectOptions } from "../lib/options";
import { ConnectSection } from "./ConnectSection";
import type { TConnectForm } from "./use-connect-form";

/** Props of {@link ConnectNeedsSection}. */
export interface ConnectNeedsSectionProps {
  form: TConnectForm;
  options: TConnectOptions;
}

/** The connecting form's second section: what the buyer looks for, how many, on which Incoterms. */
export function ConnectNeedsSection({ form, options }: ConnectNeedsSectionProps) {
  const { t } = useTranslation("matching");
  const message = useMatchingMessage();
  const { values, errors, set } = form;
  const optional = (label: string) => `${label} ${t("form.optional")}`;
  return (
    <ConnectSection id="connect-needs" title={t("form.sectionNeeds")}>
      <Radio.Group
        label={t("form.inquiryType")}
        withAsterisk
        value={values.inquiryType}
        onChange={(v) => set("inquiryType", v)}
        error={message(errors.inquiryType)}
      >
        <Group gap="lg" mt={6}>
          {options.inquiryTypes.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        label={t("form.needs")}
        description={t("form.needsHint")}
        withAsterisk
        autosize
        minRows={4}
        maxLength={CONNECT_TEXT_MAX.needs}
        value={values.needs}
        onChange={(e) => set("needs", e.currentTarget.value)}
        error={message(errors.needs)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={optional(t("form.quantity"))}
          placeholder={t("form.quantityPlaceholder")}
          maxLength={CONNECT_TEXT_MAX.quantity}
          value={values.quantity}
          onChange={(e) => set("quantity", e.currentTarget.value)}
          error={message(errors.quantity)}
        />
        <MultiSelect
          label={optional(t("form.incoterms"))}
          placeholder={values.incoterms.length === 0 ? t("form.choose") : undefined}
          data={options.incoterms}
          value={values.incoterms}
          onChange={(v) => set("incoterms", v)}
          searchable
          clearable
          error={message(errors.incoterms)}
          data-testid="connect-incoterms"
        />
      </SimpleGrid>
    </ConnectSection>
  );
}
