/**
 * The English translations, every namespace: the app loads the visitor's language only (`loadLanguage`
 * in `index.ts`, a chunk per language), tests and the prerender read both through `resources.ts`.
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
import type { TNamespace } from "./namespaces";

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
} as const satisfies Record<TNamespace, object>;
