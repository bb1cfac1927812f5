/**
 * Every translation namespace, imported explicitly so the build bundles them and TypeScript
 * types `t()` from the English JSON (the source): a key that does not exist does not compile.
 */
import enAccounts from "./locales/en/accounts.json";
import enAdmin from "./locales/en/admin.json";
import enAnalytics from "./locales/en/analytics.json";
import enChannels from "./locales/en/channels.json";
import enChat from "./locales/en/chat.json";
import enCodes from "./locales/en/codes.json";
import enCommon from "./locales/en/common.json";
import enContent from "./locales/en/content.json";
import enExhibition from "./locales/en/exhibition.json";
import enHall from "./locales/en/hall.json";
import enMarketing from "./locales/en/marketing.json";
import enMatching from "./locales/en/matching.json";
import enPlans from "./locales/en/plans.json";
import enProduction from "./locales/en/production.json";
import enQna from "./locales/en/qna.json";
import enSharing from "./locales/en/sharing.json";
import enStudio from "./locales/en/studio.json";
import enViewer from "./locales/en/viewer.json";
import koAccounts from "./locales/ko/accounts.json";
import koAdmin from "./locales/ko/admin.json";
import koAnalytics from "./locales/ko/analytics.json";
import koChannels from "./locales/ko/channels.json";
import koChat from "./locales/ko/chat.json";
import koCodes from "./locales/ko/codes.json";
import koCommon from "./locales/ko/common.json";
import koContent from "./locales/ko/content.json";
import koExhibition from "./locales/ko/exhibition.json";
import koHall from "./locales/ko/hall.json";
import koMarketing from "./locales/ko/marketing.json";
import koMatching from "./locales/ko/matching.json";
import koPlans from "./locales/ko/plans.json";
import koProduction from "./locales/ko/production.json";
import koQna from "./locales/ko/qna.json";
import koSharing from "./locales/ko/sharing.json";
import koStudio from "./locales/ko/studio.json";
import koViewer from "./locales/ko/viewer.json";

/** The namespaces, in load order. `common` is the default. */
export const NAMESPACES = [
  "common",
  "codes",
  "marketing",
  "accounts",
  "plans",
  "sharing",
  "channels",
  "exhibition",
  "hall",
  "studio",
  "analytics",
  "content",
  "qna",
  "production",
  "viewer",
  "admin",
  "chat",
  "matching",
] as const;

/** A namespace name. */
export type TNamespace = (typeof NAMESPACES)[number];

/** English resources: the source of every key. */
export const en = {
  common: enCommon,
  codes: enCodes,
  marketing: enMarketing,
  accounts: enAccounts,
  plans: enPlans,
  sharing: enSharing,
  channels: enChannels,
  exhibition: enExhibition,
  hall: enHall,
  studio: enStudio,
  analytics: enAnalytics,
  content: enContent,
  qna: enQna,
  production: enProduction,
  viewer: enViewer,
  admin: enAdmin,
  chat: enChat,
  matching: enMatching,
} as const;

/** Korean resources: complete (a test fails on any missing key). */
export const ko: Record<TNamespace, object> = {
  common: koCommon,
  codes: koCodes,
  marketing: koMarketing,
  accounts: koAccounts,
  plans: koPlans,
  sharing: koSharing,
  channels: koChannels,
  exhibition: koExhibition,
  hall: koHall,
  studio: koStudio,
  analytics: koAnalytics,
  content: koContent,
  qna: koQna,
  production: koProduction,
  viewer: koViewer,
  admin: koAdmin,
  chat: koChat,
  matching: koMatching,
};

/** All resources by language. */
export const resources = { en, ko } as const;

declare module "i18next" {
  /** Types `t()` from the English JSON with `common` as the default namespace. */
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof en;
  }
}
