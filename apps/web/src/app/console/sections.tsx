import {
  IconBuildingWarehouse,
  IconCash,
  IconCube,
  IconHeartHandshake,
  IconHome,
  IconListDetails,
  IconMessageQuestion,
  IconMessages,
  IconReceipt,
  IconShieldLock,
  IconTruckDelivery,
  IconUsers,
  type TablerIcon,
} from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import { type ComponentType, lazy } from "react";

/** One page of the operators' console. */
export interface TAdminSectionDef {
  /** The part after `/Studio/admin/`. */
  readonly path: string;
  /** i18n key of the menu label and page title (namespace `admin`). */
  readonly key: ParseKeys<"admin">;
  readonly Icon: TablerIcon;
  /** The page (a `lazy` component: the console's pages load on demand). */
  readonly Section: ComponentType;
}

/**
 * The console's pages, in menu order (DESIGN.md: each module adds its own pages to the console);
 * the first is what `/Studio/admin` opens. An area adds one entry here and keeps the page in
 * its own feature (`lazy(() => import("../../features/payments/admin/PaymentsAdmin"))`); a page
 * that shows another area's piece is composed here (`UsersPage`). Every call those pages make is
 * a `super` call, checked by the server whatever the page shows.
 */
export const ADMIN_SECTIONS: readonly TAdminSectionDef[] = [
  {
    path: "home",
    key: "menu.home",
    Icon: IconHome,
    Section: lazy(() => import("../../features/admin/components/HomeSection")),
  },
  {
    path: "users",
    key: "menu.users",
    Icon: IconUsers,
    Section: lazy(() => import("./UsersPage")),
  },
  {
    path: "payments",
    key: "menu.payments",
    Icon: IconReceipt,
    Section: lazy(() => import("../../features/payments/admin/PaymentsAdmin")),
  },
  {
    path: "catalogue",
    key: "menu.catalogue",
    Icon: IconCash,
    Section: lazy(() => import("../../features/plans/admin/CatalogueAdmin")),
  },
  {
    path: "produced",
    key: "menu.produced",
    Icon: IconCube,
    Section: lazy(() => import("../../features/admin/components/ProducedSection")),
  },
  {
    path: "production",
    key: "menu.production",
    Icon: IconTruckDelivery,
    Section: lazy(() => import("../../features/production/admin/ProductionAdmin")),
  },
  {
    path: "qna",
    key: "menu.qna",
    Icon: IconMessageQuestion,
    Section: lazy(() => import("../../features/qna/admin/QnaAdmin")),
  },
  {
    path: "supers",
    key: "menu.supers",
    Icon: IconShieldLock,
    Section: lazy(() => import("../../features/admin/components/SuperAccountsSection")),
  },
  {
    path: "audit",
    key: "menu.audit",
    Icon: IconListDetails,
    Section: lazy(() => import("../../features/admin/components/AuditSection")),
  },
  {
    path: "chat",
    key: "menu.chat",
    Icon: IconMessages,
    Section: lazy(() => import("../../features/chat/components/ChatInboxSection")),
  },
  {
    path: "exhibitions",
    key: "menu.exhibitions",
    Icon: IconBuildingWarehouse,
    Section: lazy(() => import("../../features/exhibition/admin/ExhibitionsAdmin")),
  },
  {
    path: "matching",
    key: "menu.matching",
    Icon: IconHeartHandshake,
    Section: lazy(() => import("../../features/matching/admin/MatchingAdmin")),
  },
];
