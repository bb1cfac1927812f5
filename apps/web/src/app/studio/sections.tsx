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
import { AccountPanel } from "../../features/accounts/account/AccountPanel";
import { ChannelStudio } from "../../features/channels/studio/ChannelStudio";
import { ContentListSection } from "../../features/content/ContentsSection";
import { PlanBilling } from "../../features/payments/components/PlanBilling";
import { ShareLinksDialog } from "../../features/sharing/components/ShareLinksDialog";
import { FeatureNotice } from "../../ui/FeatureNotice";

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

/** Contents, whose share action opens the sharing area's link manager. */
const ContentsSection = () => <ContentListSection ShareDialog={ShareLinksDialog} />;

/** The account page, with the billing area's plan section. */
const AccountSection = () => <AccountPanel billing={<PlanBilling />} />;

/**
 * The studio's sections, in menu order. Each area adds its own entry here and keeps its screens
 * in its own feature, given here what they show of another area (the share dialog, billing); a
 * new section loads on demand (`lazy(() => import("../../features/analytics/…"))`), so the
 * studio's first chunk does not grow with it.
 */
export const STUDIO_SECTIONS: readonly TStudioSectionDef[] = [
  {
    path: "contents",
    key: "menu.contents",
    Icon: IconBox,
    Section: ContentsSection,
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
    Section: lazy(() => import("../../features/production/studio/ProductionStudio")),
  },
  {
    path: "booth",
    key: "menu.booth",
    Icon: IconBuildingWarehouse,
    Section: lazy(() => import("../../features/exhibition/studio/BoothStudio")),
  },
  {
    path: "connections",
    key: "menu.connections",
    Icon: IconHeartHandshake,
    Section: lazy(() => import("../../features/matching/studio/ConnectionsStudio")),
  },
  { path: "sharelinks", key: "menu.shareLinks", Icon: IconLink, Section: ShareLinksNotice },
  {
    path: "analytics",
    key: "menu.analytics",
    Icon: IconChartBar,
    Section: lazy(() => import("../../features/analytics/report/AnalyticsSection")),
  },
  {
    path: "account",
    key: "menu.account",
    Icon: IconUserCircle,
    Section: AccountSection,
  },
];
