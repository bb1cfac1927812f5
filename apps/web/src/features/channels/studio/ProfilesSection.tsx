import { ActionIcon, Button, Group, MultiSelect, Paper, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import {
  CHANNEL_PROFILES_MAX,
  SPOKEN_LANGUAGES,
  type TChannelProfile,
  type TSpokenLanguage,
} from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { ImageField } from "./ImageField";
import { SectionFrame } from "./SectionFrame";
import { type TSectionProps, useDraft } from "./use-draft";
import { useSectionSave } from "./use-section-save";

function newProfile(): TChannelProfile {
  return {
    profile_id: `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    name: "",
    job_title: "",
    photo_url: null,
    languages: [],
    email: "",
    transinfo: { en: {}, ko: {} },
  };
}

/** Account profiles: the people who represent the business, added, edited, removed, ordered. */
export function ProfilesSection({ doc, onSaved, onDirty }: TSectionProps) {
  const { t } = useTranslation("channels");
  const labels = useChannelLabels();
  const other = doc.origin_lang === "en" ? "ko" : "en";
  const { draft, setDraft, isDirty } = useDraft(doc, (d) => ({ profiles: d.profiles }), onDirty);
  const { save, errors, isSaving, status } = useSectionSave(doc.user_channel_id, "channelUpdated", onSaved);
  const profiles = draft.profiles;
  const update = (index: number, changes: Partial<TChannelProfile>) =>
    setDraft({ profiles: profiles.map((p, i) => (i === index ? { ...p, ...changes } : p)) });
  const move = (index: number, by: number) => {
    const next = [...profiles];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setDraft({ profiles: next });
  };
  const otherLabel = other === "ko" ? "한국어" : "English";
  return (
    <SectionFrame
      title={t("studio.profiles.title")}
      hint={t("studio.profiles.hint")}
      isDirty={isDirty}
      isSaving={isSaving}
      status={status}
      onSave={() => void save({ profiles })}
    >
      {profiles.map((p, index) => (
        <Paper key={p.profile_id} withBorder p="sm" radius="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <ImageField
                label={t("fields.photo")}
                value={p.photo_url}
                onChange={(photo_url) => update(index, { photo_url })}
                purpose="profile_photo"
                aspect={1}
                maxWidth={400}
                error={errors[`profiles.${index}.photo_url`]}
                testId={`profile-photo-${index}`}
              />
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={t("studio.moveUp", { title: p.name })}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={index === profiles.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={t("studio.moveDown", { title: p.name })}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => setDraft({ profiles: profiles.filter((_, i) => i !== index) })}
                  aria-label={t("studio.profiles.remove", { name: p.name })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t("fields.profileName")}
                required
                value={p.name}
                onChange={(e) => update(index, { name: e.currentTarget.value })}
                error={errors[`profiles.${index}.name`]}
              />
              <TextInput
                label={t("fields.jobTitle")}
                value={p.job_title}
                onChange={(e) => update(index, { job_title: e.currentTarget.value })}
                error={errors[`profiles.${index}.job_title`]}
              />
              <TextInput
                label={`${t("fields.profileName")} (${otherLabel})`}
                value={p.transinfo[other].name ?? ""}
                onChange={(e) =>
                  update(index, {
                    transinfo: {
                      ...p.transinfo,
                      [other]: { ...p.transinfo[other], name: e.currentTarget.value },
                    },
                  })
                }
              />
              <TextInput
                label={`${t("fields.jobTitle")} (${otherLabel})`}
                value={p.transinfo[other].job_title ?? ""}
                onChange={(e) =>
                  update(index, {
                    transinfo: {
                      ...p.transinfo,
                      [other]: { ...p.transinfo[other], job_title: e.currentTarget.value },
                    },
                  })
                }
              />
              <TextInput
                label={t("fields.shownEmail")}
                type="email"
                value={p.email}
                onChange={(e) => update(index, { email: e.currentTarget.value })}
                error={errors[`profiles.${index}.email`]}
              />
              <MultiSelect
                label={t("fields.languages")}
                data={SPOKEN_LANGUAGES.map((code) => ({ value: code, label: labels.language(code) }))}
                value={p.languages}
                onChange={(v) => update(index, { languages: v as TSpokenLanguage[] })}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        disabled={profiles.length >= CHANNEL_PROFILES_MAX}
        onClick={() => setDraft({ profiles: [...profiles, newProfile()] })}
        w="fit-content"
      >
        {t("studio.profiles.add")}
      </Button>
    </SectionFrame>
  );
}
