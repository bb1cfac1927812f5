import {
  IconBox,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconChartBar,
  IconHeartHandshake,
  IconLink,
  IconTruckDelivery,
  IconUserCircle,
  type TablerIcon,
} from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import { type ComponentType, lazy } from "react";
import { useTranslation } from "react-i18next";
import { AccountPanel } from "../accounts/account/AccountPanel";
import { ChannelStudio } from "../channels/studio/ChannelStudio";
import { ContentListSection } from "../content/ContentsSection";
import { FeatureNotice } from "../shared/FeatureNotice";

/** One section of the studio: its menu entry and what its main area shows. */
export interface TStudioSectionDef {
  /** The part after `/Studio/user/`. */
  readonly path: string;
  /** i18n key of the menu label (namespace `studio`). */
  readonly key: ParseKeys<"studio">;
  readonly Icon: TablerIcon;
  /** The section's main area (a `lazy` component for anything large). */
  readonly Section: ComponentType;
}

/**
 * The Share links section: links are made and managed in each content's share menu, so the
 * section says so and leads to Contents.
 */
function SectionNotice({ name }: { name: "sharelinks" }) {
  const { t } = useTranslation("studio");
  return (
    <FeatureNotice
      title={t(`notice.${name}.title`)}
      text={t(`notice.${name}.text`)}
      icon={<IconLink size={30} stroke={1.6} />}
      link={{ to: "/Studio/user/contents", label: t("notice.link") }}
    />
  );
}

const ShareLinksNotice = () => <SectionNotice name="sharelinks" />;

/**
 * The studio's sections, in menu order. Each feature adds its own entry here and keeps its
 * screens in its own folder; a new section loads on demand
 * (`lazy(() => import("../analytics/…"))`), so the studio's first chunk does not grow with it.
 */
export const STUDIO_SECTIONS: readonly TStudioSectionDef[] = [
  {
    path: "contents",
    key: "menu.contents",
    Icon: IconBox,
    Section: ContentListSection,
  },
  {
    path: "channel",
    key: "menu.channel",
    Icon: IconBuildingStore,
    Section: ChannelStudio,
  },
  {
    path: "production",
    key: "menu.production",
    Icon: IconTruckDelivery,
    Section: lazy(() => import("../production/studio/ProductionStudio")),
  },
  {
    path: "booth",
    key: "menu.booth",
    Icon: IconBuildingWarehouse,
    Section: lazy(() => import("../exhibition/studio/BoothStudio")),
  },
  {
    path: "connections",
    key: "menu.connections",
    Icon: IconHeartHandshake,
    Section: lazy(() => import("../matching/studio/ConnectionsStudio")),
  },
  { path: "sharelinks", key: "menu.shareLinks", Icon: IconLink, Section: ShareLinksNotice },
  {
    path: "analytics",
    key: "menu.analytics",
    Icon: IconChartBar,
    Section: lazy(() => import("../analytics/report/AnalyticsSection")),
  },
  {
    path: "account",
    key: "menu.account",
    Icon: IconUserCircle,
    Section: AccountPanel,
  },
];
