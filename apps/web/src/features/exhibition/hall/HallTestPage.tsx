import { Alert, Autocomplete, Badge, Container, Group, Stack, Text } from "@mantine/core";
import { exhibitionHallCall } from "@vitrine/contract";
import type { THallBooth } from "@vitrine/viewer/hall";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../../api";
import { PageTitle } from "../../../ui/PageTitle";
import { hallInput, type THallInput } from "./adapter";
import HallView, { type THallController } from "./HallView";
import { drawPictures, testBooths } from "./test-booths";

function intParam(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/**
 * `/hallTest?booths=60&aisles=3&slots=20[&img=/path/{n}.jpg]`: the 3D hall with generated
 * booths, for the journey and the benchmark (as `/embedReactTest` is for the embed). Pictures
 * come from the `img` template when given (`{n}` = 0, 1, 2, …), else are drawn in the browser.
 * `/hallTest?exhibition=<id>`: a published exhibition's hall, read through
 * `request_exhibition_hall` and the adapter the exhibition pages use.
 */
export default function HallTestPage() {
  const { t, i18n } = useTranslation("hall");
  const lang = i18n.resolvedLanguage === "ko" ? "ko" : "en";
  const [params] = useSearchParams();
  const exhibitionId = params.get("exhibition");
  const layout = useMemo(
    () => ({
      aisles: intParam(params.get("aisles"), 3, 16),
      slotsPerAisle: intParam(params.get("slots"), 20, 40),
    }),
    [params],
  );
  const count = intParam(params.get("booths"), 60, 640);
  const template = params.get("img");
  const [hall, setHall] = useState<THallInput | null>(null);
  const booths: THallBooth[] | null = hall?.booths ?? null;
  const [entered, setEntered] = useState<string | null>(null);
  const [noWebgl, setNoWebgl] = useState(false);
  const controller = useRef<THallController | null>(null);

  useEffect(() => {
    let cancelled = false;
    const generated = (list: THallBooth[]): THallInput => ({
      name: "Vitrine Expo 2026",
      layout,
      booths: list,
      themeColor: "#3b46c4",
    });
    if (exhibitionId) {
      void api(exhibitionHallCall, { exhibition_id: exhibitionId, lang }).then((res) => {
        if (!cancelled && res.status) setHall(hallInput(res.data.doc, res.data.booths, lang));
      });
      return () => {
        cancelled = true;
      };
    }
    if (template) {
      setHall(generated(testBooths(count, layout, (n) => template.replace("{n}", String(n)))));
      return;
    }
    let made: string[] = [];
    void drawPictures(12).then((urls) => {
      made = urls;
      if (!cancelled) setHall(generated(testBooths(count, layout, (n) => urls[n % urls.length] ?? "")));
    });
    return () => {
      cancelled = true;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [count, layout, template, exhibitionId, lang]);

  const names = booths?.map((b) => b.logoText) ?? [];
  const enteredName = booths?.find((b) => b.id === entered)?.logoText;

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="end">
          <Stack gap={2}>
            <PageTitle title={t("test.title")} />
            <Text c="dimmed">{t("test.lead", { count: booths?.length ?? count })}</Text>
          </Stack>
          <Autocomplete
            label={t("test.search")}
            placeholder={t("test.searchPlaceholder")}
            data={[...new Set(names)]}
            w={260}
            onOptionSubmit={(value) => {
              const booth = booths?.find((b) => b.logoText === value);
              if (booth) controller.current?.flyTo(booth.id);
            }}
          />
        </Group>
        {entered ? (
          <Badge size="lg" variant="light" data-testid="hall-entered" data-booth={entered}>
            {t("test.entered", { name: enteredName ?? entered })}
          </Badge>
        ) : null}
        {noWebgl ? <Alert color="yellow">{t("test.webgl")}</Alert> : null}
        {hall && !noWebgl ? (
          <HallView
            name={hall.name}
            layout={hall.layout}
            booths={hall.booths}
            themeColor={hall.themeColor}
            onEnterBooth={setEntered}
            onWebglMissing={() => setNoWebgl(true)}
            controllerRef={controller}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
