/**
 * The Korean translations, every namespace: the app loads the visitor's language only (`loadLanguage`
 * in `index.ts`, a chunk per language), tests and the prerender read both through `resources.ts`.
 */

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
import type { TNamespace } from "./namespaces";

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
