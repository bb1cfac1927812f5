/** Signing in and out: the token goes into (or out of) the session store, never into storage. */
import { logoutCall, logoutEverywhereCall } from "@vitrine/contract";
import { api } from "../../api";
import { useSession } from "../../stores/session";

/** Keeps a fresh sign-in: the access token in memory and the user id. */
export function completeSignIn(atk: string, userId: string): void {
  const session = useSession.getState();
  session.setAccessToken(atk);
  session.setUserId(userId);
}

/** Ends this session on the server (when there is one) and forgets the token either way. */
export async function signOut(): Promise<void> {
  if (useSession.getState().accessToken !== null) await api(logoutCall, {});
  useSession.getState().clearSession();
}

/** Ends every session of the account, this one included; false when the server refused. */
export async function signOutEverywhere(): Promise<boolean> {
  const res = await api(logoutEverywhereCall, {});
  if (res.status) useSession.getState().clearSession();
  return res.status;
}

/** The path a sign-in returns to: where the visitor was sent from, if it is one of ours. */
export function returnPathOf(state: unknown, fallback = "/Studio/user"): string {
  if (typeof state !== "object" || state === null) return fallback;
  const from = (state as { from?: unknown }).from;
  // Only an in-app path: never a protocol-relative or absolute URL.
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : fallback;
}
