/**
 * The one API client of the web app. `startApi()` loads the client configuration once and
 * builds the envelope; `api(call, payload)` makes calls with the session rules applied.
 */
import {
  createEnvelope,
  type TCall,
  type TCallInput,
  type TCallOutput,
  type TCallResult,
  type TClientConfig,
  type TEnvelope,
  TRANSPORT_RESCODE,
} from "@vitrine/contract";
import { isPageLeaving, useSession } from "../stores/session";
import { createApi, type TApi, type TApiHooks } from "./client";
import { fetchClientConfig, useClientConfig } from "./client-config";
import { decideOutcome, refreshedToken } from "./rules";

type TUiHooks = Pick<TApiHooks, "goHome" | "onOutage" | "onUserNotFound">;

let uiHooks: TUiHooks = {
  goHome: () => window.location.assign("/"),
  onOutage: () => undefined,
  onUserNotFound: () => undefined,
};

let started: Promise<{ config: TClientConfig; envelope: TEnvelope; call: TApi }> | null = null;
let baseUrl = "";

/** Lets the app shell plug in navigation and alerts (kept out of here so no UI library is pulled in). */
export function configureApi(hooks: Partial<TUiHooks>): void {
  uiHooks = { ...uiHooks, ...hooks };
}

/** Points the client at another origin and loads the configuration again (tests with a local server). */
export function setApiBaseUrl(url: string): void {
  baseUrl = url;
  started = null;
}

/** Loads `/api/client-config` once and prepares the envelope; later calls reuse the result. */
export function startApi(): Promise<TClientConfig> {
  if (!started) {
    useClientConfig.setState({ status: "loading" });
    started = (async () => {
      const config = await fetchClientConfig(undefined, baseUrl);
      const envelope = await createEnvelope(config.envelope);
      const session = useSession.getState;
      const call = createApi({
        envelope,
        baseUrl,
        getToken: () => session().accessToken,
        setToken: (token) => session().setAccessToken(token),
        // A call cut off by leaving the page says nothing about the session or the service.
        clearToken: () => isPageLeaving() || session().clearSession(),
        goHome: () => isPageLeaving() || uiHooks.goHome(),
        onOutage: () => isPageLeaving() || uiHooks.onOutage(),
        onUserNotFound: () => isPageLeaving() || uiHooks.onUserNotFound(),
      });
      useClientConfig.setState({ config, status: "ready" });
      return { config, envelope, call };
    })();
    started.catch(() => {
      // A failed start may be retried (the outage screen offers it).
      started = null;
      useClientConfig.setState({ status: "failed" });
    });
  }
  return started.then((s) => s.config);
}

/** The envelope of this deployment (for `sendBeacon` bodies); waits for `startApi`. */
export async function getEnvelope(): Promise<TEnvelope> {
  await startApi();
  if (!started) throw new Error("API not started");
  return (await started).envelope;
}

/**
 * Makes a call: `const res = await api(pingCall, {})`. Never throws: a failure is
 * `status: false` with `message` (and `transport` when the server was not reached).
 */
export async function api<C extends TCall>(
  call: C,
  payload: TCallInput<C>,
): Promise<TCallResult<TCallOutput<C>>> {
  try {
    await startApi();
  } catch (error) {
    uiHooks.onOutage();
    return {
      status: false,
      rescode: TRANSPORT_RESCODE,
      data: null,
      message: error instanceof Error ? error.message : String(error),
      transport: "refused",
    };
  }
  if (!started) throw new Error("API not started");
  const { call: send } = await started;
  return send(call, payload);
}

/**
 * The session rules for an owner's answer that did not come through `api` (multipart uploads):
 * stores a refreshed token and answers `"repeat"` (once); otherwise acts like `api` does (outage
 * alert, sign-out on 403 or a failed authenticated answer) and answers `"return"`.
 */
export function settleOwnerAnswer(result: TCallResult<unknown>, isRepeat: boolean): "repeat" | "return" {
  const outcome = decideOutcome({ auth: "owner" }, result, isRepeat);
  const atk = refreshedToken(result);
  if (outcome === "refresh" && atk) {
    useSession.getState().setAccessToken(atk);
    return "repeat";
  }
  if (isPageLeaving()) return "return";
  if (outcome === "outage") uiHooks.onOutage();
  if (outcome === "userNotFound") uiHooks.onUserNotFound();
  if (outcome === "signOut" || outcome === "userNotFound") {
    useSession.getState().clearSession();
    uiHooks.goHome();
  }
  return "return";
}

export type { TApi } from "./client";
export { useClientConfig } from "./client-config";
