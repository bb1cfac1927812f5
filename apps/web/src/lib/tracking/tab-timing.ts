/**
 * The page timing of this tab (SPEC §4): `startShell` installs it, `RootShell` reports route
 * changes to it and the app's tracker names the in-app page before this one as the referrer.
 */
import { getEnvelope } from "../../api";
import { useSession } from "../../stores/session";
import { createPageTiming } from "./page-timing";
import { RELAY_URL } from "./view-log";

/** The page-timing tracker of this tab. */
export const pageTiming = createPageTiming({
  getEnvelope,
  getUserId: () => useSession.getState().userId,
  relayUrl: RELAY_URL,
});
