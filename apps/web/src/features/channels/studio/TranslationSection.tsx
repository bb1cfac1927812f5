import { Badge, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import {
  channelAutoTranslateCall,
  codeByRescode,
  type TChannelDoc,
  TRANSLATABLE_FIELDS,
  type TTranslatableField,
  type TTranslationInfo,
} from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { originalOf } from "../lib/texts";
import { SectionFrame } from "./SectionFrame";
import { type TSectionProps, useDraft } from "./use-draft";
import { useSectionSave } from "./use-section-save";

/** Props of {@link TranslationSection}. */
export interface TranslationSectionProps extends TSectionProps {
  translation: TTranslationInfo;
}

/**
 * The other language of every text: written by the owner, or filled by 'Translate' (marked
 * machine, still editable); with no provider, the owner writes it.
 */
export function TranslationSection({ doc, onSaved, onDirty, translation }: TranslationSectionProps) {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const other = doc.origin_lang === "en" ? "ko" : "en";
  const { draft, setDraft, isDirty } = useDraft(
    doc,
    (d: TChannelDoc) => ({ texts: { ...d.transinfo[other] }, sources: { ...d.trans_source[other] } }),
    onDirty,
  );
  const { save, errors, isSaving, status } = useSectionSave(doc.user_channel_id, "channelUpdated", onSaved);
  const [isTranslating, setIsTranslating] = useState(false);
  const [translateError, setTranslateError] = useState<string | null>(null);
  const fields = TRANSLATABLE_FIELDS.filter((f) => originalOf(doc, f) !== "");

  const handleEdit = (field: TTranslatableField, value: string) =>
    setDraft({ texts: { ...draft.texts, [field]: value }, sources: { ...draft.sources, [field]: "owner" } });

  const handleTranslate = async () => {
    setTranslateError(null);
    setIsTranslating(true);
    const trans_data = Object.fromEntries(fields.map((f) => [f, originalOf(doc, f)]));
    const res = await api(channelAutoTranslateCall, {
      user_channel_id: doc.user_channel_id,
      trans_data,
      target_lang: other,
      origin_lang: doc.origin_lang,
    });
    setIsTranslating(false);
    if (res.status) onSaved(res.data.doc);
    else setTranslateError(tCodes((codeByRescode(res.rescode)?.key ?? "notProcessed") as ParseKeys<"codes">));
  };

  return (
    <SectionFrame
      title={t("studio.translation.title")}
      hint={t(other === "ko" ? "studio.translation.hintKo" : "studio.translation.hintEn")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() =>
        void save({
          transinfo: { [other]: draft.texts },
          trans_source: { ...doc.trans_source, [other]: draft.sources },
        })
      }
    >
      {translation.provider === "none" ? (
        <Text size="sm" c="dimmed">
          {t("studio.translation.noProvider")}
        </Text>
      ) : (
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconLanguage size={16} />}
            onClick={() => void handleTranslate()}
            loading={isTranslating}
            disabled={fields.length === 0 || isDirty}
          >
            {t("studio.translation.translate")}
          </Button>
          {translation.attribution ? (
            <Text size="xs" c="dimmed">
              {translation.attribution}
            </Text>
          ) : null}
          {translateError ? (
            <Text size="sm" c="red" role="alert">
              {translateError}
            </Text>
          ) : null}
        </Group>
      )}
      {fields.length === 0 ? <Text c="dimmed">{t("studio.translation.nothing")}</Text> : null}
      <Stack gap="md">
        {fields.map((field) => (
          <Stack key={field} gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t(`translatable.${field}`)}
              </Text>
              {draft.sources[field] === "machine" ? (
                <Badge size="xs" variant="light" color="grape">
                  {t("studio.translation.machine")}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
              {originalOf(doc, field)}
            </Text>
            <Textarea
              aria-label={t("studio.translation.fieldIn", { field: t(`translatable.${field}`) })}
              autosize
              minRows={field === "channel_name" || field === "company_name" ? 1 : 2}
              value={draft.texts[field] ?? ""}
              onChange={(e) => handleEdit(field, e.currentTarget.value)}
              error={errors[`transinfo.${other}.${field}`]}
              lang={other}
            />
          </Stack>
        ))}
      </Stack>
    </SectionFrame>
  );
}
