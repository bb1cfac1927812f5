import {
  ActionIcon,
  Alert,
  Button,
  ColorInput,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import {
  EXHIBITION_CATEGORIES_MAX,
  EXHIBITION_LAYOUT_MAX,
  EXHIBITION_TEXT_MAX,
  type TExhibitionCategory,
  type TExhibitionDoc,
  type TExhibitionInput,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TLanguage } from "../../../stores/language";
import { fromFieldValue, toFieldValue } from "../lib/datetime";

/** Props of {@link ExhibitionForm}. */
export interface ExhibitionFormProps {
  /** The exhibition to edit; null for a new one. */
  doc: TExhibitionDoc | null;
  lang: TLanguage;
  isSaving: boolean;
  /** Field path → message of the last save. */
  errors: Record<string, string>;
  onSubmit: (input: TExhibitionInput) => void;
  onCancel: () => void;
}

const DAY = 86_400_000;

/** The exhibition's names, texts, times, categories, hall layout and theme colour. */
export function ExhibitionForm({ doc, lang, isSaving, errors, onSubmit, onCancel }: ExhibitionFormProps) {
  const { t } = useTranslation("exhibition");
  const [name, setName] = useState(doc?.name ?? { en: "", ko: "" });
  const [description, setDescription] = useState(doc?.description ?? { en: "", ko: "" });
  const [opens, setOpens] = useState(toFieldValue(doc?.opens_at ?? new Date().toISOString(), lang));
  const [closes, setCloses] = useState(
    toFieldValue(doc?.closes_at ?? new Date(Date.now() + 30 * DAY).toISOString(), lang),
  );
  // Each row keeps a local id so React keeps its inputs while rows are added and removed.
  const [categories, setCategories] = useState<(TExhibitionCategory & { uid: number })[]>(() =>
    (doc?.categories ?? []).map((c, uid) => ({ ...c, uid })),
  );
  const [aisles, setAisles] = useState<number>(doc?.layout.aisles ?? 3);
  const [slots, setSlots] = useState<number>(doc?.layout.slots_per_aisle ?? 10);
  const [color, setColor] = useState(doc?.theme_color ?? "");
  const [timeError, setTimeError] = useState<string | null>(null);

  const submit = () => {
    const opens_at = fromFieldValue(opens, lang);
    const closes_at = fromFieldValue(closes, lang);
    if (!opens_at || !closes_at) {
      setTimeError(t("admin.timeMissing"));
      return;
    }
    setTimeError(null);
    onSubmit({
      name,
      description,
      opens_at,
      closes_at,
      categories: categories.map(({ uid: _uid, ...c }) => c),
      layout: { aisles, slots_per_aisle: slots },
      theme_color: color === "" ? null : color,
    });
  };
  const setCategory = (i: number, part: Partial<TExhibitionCategory>) =>
    setCategories((list) => list.map((c, j) => (j === i ? { ...c, ...part } : c)));

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("admin.nameEn")}
          value={name.en}
          maxLength={EXHIBITION_TEXT_MAX.name}
          onChange={(e) => setName({ ...name, en: e.currentTarget.value })}
          error={errors.name ?? errors["name.en"]}
          required
        />
        <TextInput
          label={t("admin.nameKo")}
          value={name.ko}
          maxLength={EXHIBITION_TEXT_MAX.name}
          onChange={(e) => setName({ ...name, ko: e.currentTarget.value })}
          error={errors["name.ko"]}
          required
        />
        <Textarea
          label={t("admin.descriptionEn")}
          value={description.en}
          autosize
          minRows={2}
          maxLength={EXHIBITION_TEXT_MAX.description}
          onChange={(e) => setDescription({ ...description, en: e.currentTarget.value })}
        />
        <Textarea
          label={t("admin.descriptionKo")}
          value={description.ko}
          autosize
          minRows={2}
          maxLength={EXHIBITION_TEXT_MAX.description}
          onChange={(e) => setDescription({ ...description, ko: e.currentTarget.value })}
        />
        <TextInput
          type="datetime-local"
          label={t("admin.opens")}
          description={t(lang === "ko" ? "admin.kst" : "admin.localTime")}
          value={opens}
          onChange={(e) => setOpens(e.currentTarget.value)}
          error={errors.opens_at}
          required
        />
        <TextInput
          type="datetime-local"
          label={t("admin.closes")}
          description={t(lang === "ko" ? "admin.kst" : "admin.localTime")}
          value={closes}
          onChange={(e) => setCloses(e.currentTarget.value)}
          error={errors.closes_at}
          required
        />
        <NumberInput
          label={t("admin.aisles")}
          value={aisles}
          min={1}
          max={EXHIBITION_LAYOUT_MAX.aisles}
          onChange={(v) => setAisles(Number(v) || 1)}
          clampBehavior="strict"
          allowDecimal={false}
        />
        <NumberInput
          label={t("admin.slotsPerAisle")}
          value={slots}
          min={1}
          max={EXHIBITION_LAYOUT_MAX.slots_per_aisle}
          onChange={(v) => setSlots(Number(v) || 1)}
          clampBehavior="strict"
          allowDecimal={false}
          description={t("admin.slotTotal", { count: aisles * slots })}
        />
        <ColorInput
          label={t("admin.theme")}
          description={t("admin.themeHint")}
          value={color}
          onChange={setColor}
          format="hex"
          error={errors.theme_color}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("admin.categories")}
        </Text>
        {categories.map((c, i) => (
          <Group key={c.uid} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t("admin.categoryKey")}
              placeholder={t("admin.categoryKey")}
              value={c.key}
              onChange={(e) => setCategory(i, { key: e.currentTarget.value.toLowerCase() })}
              error={errors[`categories.${i}.key`]}
              w={130}
            />
            <TextInput
              aria-label={t("admin.categoryEn")}
              placeholder={t("admin.categoryEn")}
              value={c.name.en}
              onChange={(e) => setCategory(i, { name: { ...c.name, en: e.currentTarget.value } })}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label={t("admin.categoryKo")}
              placeholder={t("admin.categoryKo")}
              value={c.name.ko}
              onChange={(e) => setCategory(i, { name: { ...c.name, ko: e.currentTarget.value } })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={6}
              onClick={() => setCategories((list) => list.filter((_, j) => j !== i))}
              aria-label={t("admin.removeCategory")}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {errors.categories ? (
          <Text c="red" size="sm">
            {errors.categories}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={categories.length >= EXHIBITION_CATEGORIES_MAX}
            onClick={() =>
              setCategories((list) => [
                ...list,
                { key: "", name: { en: "", ko: "" }, uid: Math.max(0, ...list.map((c) => c.uid + 1)) },
              ])
            }
          >
            {t("admin.addCategory")}
          </Button>
        </Group>
      </Stack>
      {timeError ? <Alert color="red">{timeError}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t("studio.cancel")}
        </Button>
        <Button onClick={submit} loading={isSaving} data-testid="exhibition-save">
          {t("admin.save")}
        </Button>
      </Group>
    </Stack>
  );
}
