/** Start-up wiring of the shell: everything that runs once before the first render. */
import { getEnvelope } from "../api";
import { initI18n } from "../i18n";
import { installSessionParking, restoreSession, useSession } from "../stores/session";
import { installChunkReload } from "./chunk-reload";
import { installGlobalBehaviours } from "./global-behaviours";
import { createPageTiming, RELAY_URL } from "./page-timing";

/** The page-timing tracker of this tab; `RootShell` reports route changes to it. */
export const pageTiming = createPageTiming({
  getEnvelope,
  getUserId: () => useSession.getState().userId,
  relayUrl: RELAY_URL,
});

/** Runs the start-up steps (SPEC §1, §2, §4) in order. */
export function startShell(): void {
  installChunkReload();
  initI18n();
  restoreSession();
  installSessionParking();
  installGlobalBehaviours();
  pageTiming.install();
}
