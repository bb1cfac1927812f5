/**
 * The signed-in user's info (`request_UserInfoById` → `data.docs[0]`), loaded once per session
 * and forgotten when the token goes. An unknown user is the API client's to handle (apology,
 * token cleared, back to `/`).
 */
import { type TUserInfo, userInfoCall } from "@vitrine/contract";
import { create } from "zustand";
import { api } from "../api";
import { useSession } from "./session";

/** Where the user info stands. */
export type TUserInfoStatus = "idle" | "loading" | "ready" | "failed";

/** User-info state and its actions. */
export interface TUserInfoState {
  /** The user's info once loaded. */
  user: TUserInfo | null;
  status: TUserInfoStatus;
  /** Loads (or reloads) the info of the signed-in user. */
  load: () => Promise<void>;
  /** Replaces the loaded info (after a change the server confirmed). */
  patch: (changes: Partial<TUserInfo>) => void;
  /** Forgets it. */
  clear: () => void;
}

let loading: Promise<void> | null = null;
// Bumped by `clear`: an answer to a load started before it belongs to a session that is gone.
let generation = 0;

/** The user-info store. */
export const useUserInfo = create<TUserInfoState>()((set, get) => ({
  user: null,
  status: "idle",
  load: () => {
    if (loading) return loading;
    if (useSession.getState().accessToken === null) return Promise.resolve();
    set({ status: "loading" });
    const startedIn = generation;
    const run = (async () => {
      const res = await api(userInfoCall, {});
      if (startedIn !== generation) return;
      const user = res.status ? res.data.docs[0] : undefined;
      // The token may have gone while the call ran (sign-out, 403): keep nothing then.
      if (useSession.getState().accessToken === null) set({ user: null, status: "idle" });
      else if (user) {
        set({ user, status: "ready" });
        useSession.getState().setUserId(user.user_id);
      } else set({ user: null, status: "failed" });
    })().finally(() => {
      if (loading === run) loading = null;
    });
    loading = run;
    return run;
  },
  patch: (changes) => {
    const user = get().user;
    if (user) set({ user: { ...user, ...changes } });
  },
  clear: () => {
    generation += 1;
    loading = null;
    set({ user: null, status: "idle" });
  },
}));

// A new sign-in or a sign-out makes the loaded info someone else's; a refreshed token does not.
useSession.subscribe((state, previous) => {
  const signedOut = state.accessToken === null && previous.accessToken !== null;
  const signedIn = state.accessToken !== null && previous.accessToken === null;
  if (signedOut || signedIn) useUserInfo.getState().clear();
});
