/** Every declared call, by module. The server registers all of them; docs/api.md lists them. */
import type { TCall } from "../call";
import {
  changePasswordCall,
  deleteAccountCall,
  forgotPasswordCall,
  loginCall,
  logoutCall,
  logoutEverywhereCall,
  registerCall,
  resetPasswordCall,
  sendEmailCodeCall,
  setLanguageCall,
  superAccountCheckCall,
  superAccountListCall,
  userInfoCall,
  verifyEmailCodeCall,
} from "./accounts";
import { addOriginLogCall } from "./analytics";
import {
  channelAutoTranslateCall,
  channelContentCall,
  channelContentsCall,
  channelContentsUpdateCall,
  channelCreateCall,
  channelListCall,
  channelPublicCall,
  channelUpdateCall,
  channelVisitCall,
  feedCall,
  myChannelCall,
} from "./channels";
import {
  contentDeleteCall,
  contentDetailCall,
  contentDuplicateCall,
  contentListCall,
  contentRetryCall,
  contentSetProducedCall,
  contentUpdateCall,
} from "./content";
import {
  shareLinkCreateCall,
  shareLinkDeleteCall,
  shareLinkListCall,
  shareLinkResolveCall,
  shareLinkUnlockCall,
  visitChannelInflowCall,
  visitCountCall,
} from "./sharing";
import { echoCall, pingCall } from "./system";

export * from "./accounts";
export * from "./analytics";
export * from "./channels";
export * from "./content";
export * from "./platform-config";
export * from "./realtime";
export * from "./sharing";
export * from "./system";

/** All calls, in documentation order. */
export const ALL_CALLS: readonly TCall[] = [
  pingCall,
  echoCall,
  addOriginLogCall,
  sendEmailCodeCall,
  verifyEmailCodeCall,
  registerCall,
  loginCall,
  logoutCall,
  logoutEverywhereCall,
  forgotPasswordCall,
  resetPasswordCall,
  changePasswordCall,
  deleteAccountCall,
  userInfoCall,
  setLanguageCall,
  superAccountListCall,
  superAccountCheckCall,
  contentListCall,
  contentDetailCall,
  contentUpdateCall,
  contentDuplicateCall,
  contentDeleteCall,
  contentRetryCall,
  contentSetProducedCall,
  shareLinkCreateCall,
  shareLinkListCall,
  shareLinkDeleteCall,
  shareLinkResolveCall,
  shareLinkUnlockCall,
  visitCountCall,
  visitChannelInflowCall,
  myChannelCall,
  channelCreateCall,
  channelUpdateCall,
  channelContentsCall,
  channelContentsUpdateCall,
  channelPublicCall,
  channelAutoTranslateCall,
  channelVisitCall,
  channelContentCall,
  feedCall,
  channelListCall,
];
