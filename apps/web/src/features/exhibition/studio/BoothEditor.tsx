import {
  Alert,
  Anchor,
  Badge,
  Button,
  ColorInput,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import {
  boothDeleteCall,
  boothUpdateCall,
  EXHIBITION_TEXT_MAX,
  type TBoothAllowance,
  type TBoothOwnerDoc,
  type TBoothProduct,
} from "@vitrine/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { useChannelFieldMessage } from "../../../api/channel-field-message";
import { planLimitOf } from "../../../api/plan-limit";
import { fieldErrorsOf } from "../../../api/result-message";
import { useResultMessage } from "../../../i18n/use-messages";
import type { TLanguage } from "../../../stores/language";
import { BoothBody } from "../components/BoothBody";
import classes from "../components/exhibition.module.css";
import { boothPath, textIn } from "../lib/texts";
import { BoothMediaFields } from "./BoothMediaFields";
import { draftOf, isDraftDirty, previewOf, type TBoothDraft } from "./draft";
import { ProductPicker } from "./ProductPicker";
import { UpgradeNote } from "./UpgradeNote";

/** Props of {@link BoothEditor}. */
export interface BoothEditorProps {
  doc: TBoothOwnerDoc;
  allowance: TBoothAllowance;
  /** The owner's ready contents. */
  ready: readonly TBoothProduct[];
  lang: TLanguage;
  onSaved: (doc: TBoothOwnerDoc) => void;
  onDeleted: (boothId: string) => void;
}

/** Dressing one booth: fascia, products, media, pitch, with a live preview of its page. */
export function BoothEditor({ doc, allowance, ready, lang, onSaved, onDeleted }: BoothEditorProps) {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useChannelFieldMessage();
  const messageOf = useResultMessage();
  const [draft, setDraft] = useState<TBoothDraft>(() => draftOf(doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => setDraft(draftOf(doc)), [doc]);
  const patch = (part: Partial<TBoothDraft>) => setDraft((d) => ({ ...d, ...part }));
  const isDirty = isDraftDirty(doc, draft);

  const products = useMemo(() => {
    const map = new Map<string, TBoothProduct>(doc.products.map((p) => [p.content_id, p]));
    for (const p of ready) map.set(p.content_id, p);
    return map;
  }, [doc.products, ready]);
  const preview = previewOf(doc, draft, products, lang);
  const shownId =
    selected && draft.product_ids.includes(selected) ? selected : (preview.hero?.content_id ?? null);
  const shown = shownId ? products.get(shownId) : undefined;

  const save = async () => {
    setIsSaving(true);
    setErrors({});
    setFailure(null);
    setLimit(null);
    const res = await api(boothUpdateCall, { booth_id: doc.booth_id, ...draft, lang });
    setIsSaving(false);
    if (res.status) {
      notifications.show({ color: "green", message: tCodes("boothSaved") });
      onSaved(res.data.doc);
      return;
    }
    const planLimit = planLimitOf(res);
    if (planLimit) {
      setLimit(
        planLimit.limit === "booth_video"
          ? t("studio.videoPlan")
          : t("studio.productLimit", { max: allowance.products }),
      );
      return;
    }
    const fields = fieldErrorsOf(res);
    if (Object.keys(fields).length > 0) {
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldMessage(v)])));
      setFailure(tCodes("validation"));
      return;
    }
    setFailure(messageOf(res));
  };

  const remove = () =>
    modals.openConfirmModal({
      title: t("studio.deleteTitle"),
      children: <Text size="sm">{t("studio.deleteText")}</Text>,
      labels: { confirm: t("studio.delete"), cancel: t("studio.cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        const res = await api(boothDeleteCall, { booth_id: doc.booth_id });
        if (res.status) onDeleted(doc.booth_id);
        else setFailure(messageOf(res));
      },
    });

  const exhibition = doc.exhibition;
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Stack gap={0}>
              <Title order={3} size="h4">
                {textIn(exhibition.name, lang)}
              </Title>
              <Text size="sm" c="dimmed">
                {doc.slot ? t("hall.slot", { label: doc.slot.label }) : t("studio.waiting")}
              </Text>
            </Stack>
            {doc.status === "active" && exhibition.published ? (
              <Anchor
                component={Link}
                to={boothPath(exhibition.exhibition_id, doc.booth_id)}
                target="_blank"
                size="sm"
              >
                {t("studio.open")}
              </Anchor>
            ) : (
              <Badge color="yellow" variant="light">
                {t("studio.requested")}
              </Badge>
            )}
          </Group>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput
                label={t("studio.logoText")}
                description={t("studio.logoTextHint")}
                value={draft.logo_text}
                maxLength={EXHIBITION_TEXT_MAX.logo_text}
                onChange={(e) => patch({ logo_text: e.currentTarget.value })}
                error={errors.logo_text}
              />
              <ColorInput
                label={t("studio.color")}
                value={draft.booth_color}
                onChange={(v) => patch({ booth_color: v })}
                format="hex"
                error={errors.booth_color}
              />
              {exhibition.categories.length > 0 ? (
                <Select
                  label={t("studio.category")}
                  data={exhibition.categories.map((c) => ({ value: c.key, label: textIn(c.name, lang) }))}
                  value={draft.category}
                  onChange={(v) => patch({ category: v })}
                  clearable
                  error={errors.category}
                />
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Title order={4} size="h5">
                {t("studio.products")}
              </Title>
              <ProductPicker
                ready={ready}
                value={draft.product_ids}
                hero={draft.hero_content_id}
                max={allowance.products}
                onChange={(ids, hero) => patch({ product_ids: ids, hero_content_id: hero })}
              />
              {errors.hero_content_id ? (
                <Text c="red" size="sm">
                  {errors.hero_content_id}
                </Text>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Title order={4} size="h5">
                {t("studio.pitch")}
              </Title>
              <Textarea
                label={t("studio.pitchEn")}
                value={draft.pitch.en}
                autosize
                minRows={3}
                maxLength={EXHIBITION_TEXT_MAX.pitch}
                onChange={(e) => patch({ pitch: { ...draft.pitch, en: e.currentTarget.value } })}
                error={errors["pitch.en"]}
              />
              <Textarea
                label={t("studio.pitchKo")}
                value={draft.pitch.ko}
                autosize
                minRows={3}
                maxLength={EXHIBITION_TEXT_MAX.pitch}
                onChange={(e) => patch({ pitch: { ...draft.pitch, ko: e.currentTarget.value } })}
                error={errors["pitch.ko"]}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="xs">
              <Title order={4} size="h5">
                {t("studio.media")}
              </Title>
              <BoothMediaFields
                images={draft.image_urls}
                video={draft.video_url}
                documents={draft.documents}
                canVideo={allowance.video}
                onImages={(image_urls) => patch({ image_urls })}
                onVideo={(video_url) => patch({ video_url })}
                onDocuments={(documents) => patch({ documents })}
              />
            </Stack>
          </Paper>
          <Text size="sm" c="dimmed">
            {t("studio.fromChannel")}{" "}
            <Anchor component={Link} to="/Studio/user/channel">
              {t("studio.channelSection")}
            </Anchor>
          </Text>
          {limit ? <UpgradeNote text={limit} /> : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="space-between" className="booth-actions">
            <Button variant="subtle" color="red" onClick={remove}>
              {t("studio.delete")}
            </Button>
            <Button
              onClick={() => void save()}
              loading={isSaving}
              disabled={!isDirty}
              data-testid="booth-save"
            >
              {t("studio.save")}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack
          gap="xs"
          component="section"
          aria-label={t("studio.preview")}
          style={{ position: "sticky", top: 16 }}
        >
          <Text size="sm" fw={600} c="dimmed">
            {t("studio.preview")}
          </Text>
          <Paper withBorder radius="lg" p="sm" data-testid="booth-preview">
            <BoothBody
              doc={preview}
              categories={exhibition.categories}
              lang={lang}
              headingOrder={2}
              selectedId={shownId}
              onSelect={setSelected}
              stage={
                <div className={classes.stage} style={{ height: 260, minHeight: 200 }}>
                  {shown?.thumbnail_url ? (
                    <img className={classes.poster} src={shown.thumbnail_url} alt={shown.title} />
                  ) : (
                    <Group h="100%" justify="center" p="md">
                      <Text c="gray.3" ta="center">
                        {shown ? shown.title : t("booth.noProducts")}
                      </Text>
                    </Group>
                  )}
                </div>
              }
            />
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
