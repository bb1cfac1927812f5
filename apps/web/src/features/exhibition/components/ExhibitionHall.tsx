import { Alert } from "@mantine/core";
import type { TBoothCard, TExhibitionDoc } from "@vitrine/contract";
import type { THallBooth } from "@vitrine/viewer/hall";
import { lazy, type RefObject, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { THallController } from "../hall/HallView";
import { boothName, boothPath } from "../lib/texts";

const HallView = lazy(() => import("../hall/HallView"));

/** Props of {@link ExhibitionHall}. */
export interface ExhibitionHallProps {
  doc: TExhibitionDoc;
  name: string;
  booths: readonly TBoothCard[];
  controllerRef: RefObject<THallController | null>;
}

/** The hall's booths from the booth cards: fascia text, colour, panels and the hero's poster. */
export function hallBooths(booths: readonly TBoothCard[]): THallBooth[] {
  return booths.flatMap((b) =>
    b.slot
      ? [
          {
            id: b.booth_id,
            aisle: b.slot.aisle,
            slotIndex: b.slot.index,
            logoText: boothName(b),
            color: b.booth_color,
            imageUrls: b.image_urls,
            heroPosterUrl: b.hero?.thumbnail_url ?? null,
            category: b.category,
          },
        ]
      : [],
  );
}

/**
 * The exhibition's 3D hall (the `hall` engine, loaded on demand). Entering a booth opens its
 * page; without WebGL it steps aside and says the list below has every booth.
 */
export function ExhibitionHall({ doc, name, booths, controllerRef }: ExhibitionHallProps) {
  const { t } = useTranslation("exhibition");
  const navigate = useNavigate();
  const [isMissing, setIsMissing] = useState(false);
  const hall = useMemo(() => hallBooths(booths), [booths]);
  if (isMissing) {
    return (
      <Alert color="gray" variant="light">
        {t("hall.noWebgl")}
      </Alert>
    );
  }
  return (
    <Suspense fallback={null}>
      <HallView
        name={name}
        layout={{ aisles: doc.layout.aisles, slotsPerAisle: doc.layout.slots_per_aisle }}
        booths={hall}
        themeColor={doc.theme_color}
        onEnterBooth={(id) => navigate(boothPath(doc.exhibition_id, id))}
        onWebglMissing={() => setIsMissing(true)}
        controllerRef={controllerRef}
        height="min(62vh, 620px)"
      />
    </Suspense>
  );
}
