import { MultiSelect, Select, SimpleGrid, Switch, Textarea, TextInput } from "@mantine/core";
import { CHANNEL_TEXT_MAX, COUNTRY_CODES, SPOKEN_LANGUAGES, type TSpokenLanguage } from "@vitrine/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { SectionFrame } from "./SectionFrame";
import { type TSectionProps, useDraft } from "./use-draft";
import { useSectionSave } from "./use-section-save";

/** Basic info: name, introduction, homepage, contact (shown only if chosen), country, languages. */
export function BasicInfoSection({ doc, onSaved, onDirty }: TSectionProps) {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const { draft, patch, isDirty } = useDraft(
    doc,
    (d) => ({
      channel_name: d.channel_name,
      origin_lang: d.origin_lang,
      channel_intro: d.channel_intro,
      homepage_url: d.homepage_url,
      contact_email: d.contact_email,
      contact_phone: d.contact_phone,
      show_contact: d.show_contact,
      country: d.country,
      languages: d.languages as TSpokenLanguage[],
    }),
    onDirty,
  );
  const { save, errors, isSaving, status } = useSectionSave(
    doc.user_channel_id,
    "channelInfoUpdated",
    onSaved,
  );
  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: labels.country(code) })).sort((a, b) =>
        a.label.localeCompare(b.label, labels.lang),
      ),
    [labels],
  );
  return (
    <SectionFrame
      title={t("studio.basic.title")}
      hint={t("studio.basic.hint")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() => void save(draft)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("fields.channelName")}
          required
          value={draft.channel_name}
          maxLength={CHANNEL_TEXT_MAX.channel_name}
          onChange={(e) => patch({ channel_name: e.currentTarget.value })}
          error={errors.channel_name}
        />
        <Select
          label={t("fields.originLang")}
          description={t("studio.basic.originHint")}
          data={[
            { value: "en", label: "English" },
            { value: "ko", label: "한국어" },
          ]}
          value={draft.origin_lang}
          onChange={(v) => patch({ origin_lang: v === "ko" ? "ko" : "en" })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Textarea
        label={t("fields.intro")}
        autosize
        minRows={3}
        maxRows={10}
        value={draft.channel_intro}
        onChange={(e) => patch({ channel_intro: e.currentTarget.value })}
        error={errors.channel_intro}
        description={t("studio.charCount", {
          count: draft.channel_intro.length,
          max: CHANNEL_TEXT_MAX.channel_intro,
        })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("fields.homepage")}
          placeholder="https://"
          value={draft.homepage_url}
          onChange={(e) => patch({ homepage_url: e.currentTarget.value })}
          error={errors.homepage_url}
        />
        <Select
          label={t("fields.country")}
          data={countries}
          searchable
          clearable
          value={draft.country}
          onChange={(v) => patch({ country: v })}
          error={errors.country}
        />
        <TextInput
          label={t("fields.contactEmail")}
          type="email"
          value={draft.contact_email}
          onChange={(e) => patch({ contact_email: e.currentTarget.value })}
          error={errors.contact_email}
        />
        <TextInput
          label={t("fields.contactPhone")}
          type="tel"
          value={draft.contact_phone}
          onChange={(e) => patch({ contact_phone: e.currentTarget.value })}
          error={errors.contact_phone}
        />
      </SimpleGrid>
      <Switch
        label={t("fields.showContact")}
        checked={draft.show_contact}
        onChange={(e) => patch({ show_contact: e.currentTarget.checked })}
      />
      <MultiSelect
        label={t("fields.languages")}
        data={SPOKEN_LANGUAGES.map((code) => ({ value: code, label: labels.language(code) }))}
        value={draft.languages}
        onChange={(v) => patch({ languages: v as TSpokenLanguage[] })}
        searchable
        error={errors.languages}
      />
    </SectionFrame>
  );
}
