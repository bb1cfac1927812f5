import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { boothApplyCall, type TBoothOwnerDoc, type TExhibitionDoc, type TSlotDoc } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { planLimitOf } from "../../../api/plan-limit";
import { useResultMessage } from "../../../i18n/use-messages";
import type { TLanguage } from "../../../stores/language";
import classes from "../components/exhibition.module.css";
import { periodOf, textIn } from "../lib/texts";
import { UpgradeNote } from "./UpgradeNote";

/** Props of {@link TakeBooth}. */
export interface TakeBoothProps {
  exhibitions: { doc: TExhibitionDoc; slots: TSlotDoc[] }[];
  lang: TLanguage;
  /** True when the plan's booths are all used. */
  isAtLimit: boolean;
  onTaken: (doc: TBoothOwnerDoc) => void;
}

/**
 * Taking a booth: an exhibition that has not closed, then a free slot of its hall (taken at once)
 * or an application without one (an operator assigns the slot).
 */
export function TakeBooth({ exhibitions, lang, isAtLimit, onTaken }: TakeBoothProps) {
  const { t } = useTranslation("exhibition");
  const messageOf = useResultMessage();
  const [exhibitionId, setExhibitionId] = useState<string | null>(exhibitions[0]?.doc.exhibition_id ?? null);
  const [slot, setSlot] = useState<TSlotDoc | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const chosen = exhibitions.find((e) => e.doc.exhibition_id === exhibitionId) ?? null;

  if (exhibitions.length === 0) {
    return <Text c="dimmed">{t("studio.noExhibitions")}</Text>;
  }
  if (isAtLimit || limitHit) return <UpgradeNote text={t("studio.boothLimit")} />;

  const apply = async (withSlot: boolean) => {
    if (!chosen) return;
    setIsBusy(true);
    setError(null);
    const res = await api(boothApplyCall, {
      exhibition_id: chosen.doc.exhibition_id,
      slot: withSlot && slot ? { aisle: slot.aisle, index: slot.index } : null,
      category,
      lang,
    });
    setIsBusy(false);
    if (res.status) {
      setSlot(null);
      onTaken(res.data.doc);
      return;
    }
    if (planLimitOf(res)) setLimitHit(true);
    else setError(messageOf(res));
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("studio.takeTitle")}
        </Title>
        <Group grow align="flex-end" wrap="wrap">
          <Select
            label={t("studio.exhibition")}
            data={exhibitions.map((e) => ({
              value: e.doc.exhibition_id,
              label: `${textIn(e.doc.name, lang)} (${periodOf(e.doc, lang)})`,
            }))}
            value={exhibitionId}
            onChange={(v) => {
              setExhibitionId(v);
              setSlot(null);
              setCategory(null);
            }}
            allowDeselect={false}
            style={{ minWidth: 220 }}
          />
          {chosen && chosen.doc.categories.length > 0 ? (
            <Select
              label={t("studio.category")}
              data={chosen.doc.categories.map((c) => ({ value: c.key, label: textIn(c.name, lang) }))}
              value={category}
              onChange={setCategory}
              clearable
              style={{ minWidth: 180 }}
            />
          ) : null}
        </Group>
        {chosen ? (
          <fieldset className={classes.slotFieldset}>
            <Text component="legend" size="sm" fw={600} mb={6}>
              {t("studio.pickSlot")}
            </Text>
            <div
              className={classes.slotGrid}
              style={{
                gridTemplateColumns: `repeat(${Math.min(chosen.doc.layout.slots_per_aisle, 10)}, minmax(0, 1fr))`,
              }}
            >
              {chosen.slots.map((s) => {
                const isFree = s.booth_id === null;
                const isChosen = slot?.label === s.label;
                return (
                  <Button
                    key={s.label}
                    className={classes.slot}
                    size="compact-xs"
                    variant={isChosen ? "filled" : isFree ? "light" : "default"}
                    disabled={!isFree}
                    aria-pressed={isChosen}
                    aria-label={
                      isFree
                        ? t("studio.slotFree", { label: s.label })
                        : t("studio.slotTaken", { label: s.label })
                    }
                    onClick={() => setSlot(s)}
                  >
                    {s.label}
                  </Button>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group gap="sm">
          <Button onClick={() => void apply(true)} disabled={!slot} loading={isBusy} data-testid="take-slot">
            {slot ? t("studio.takeSlot", { label: slot.label }) : t("studio.takeSlotNone")}
          </Button>
          <Button variant="default" onClick={() => void apply(false)} disabled={isBusy}>
            {t("studio.applyOnly")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
