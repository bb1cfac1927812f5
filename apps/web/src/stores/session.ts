/**
 * Session state (SPEC §4): the access token lives in memory only. It is written to local
 * storage on unload and read back (then removed) at the next start, so a reload keeps the
 * user signed in without the token sitting in storage while the app runs.
 */
import { create } from "zustand";

/** Local-storage key the token is parked under between unload and the next start. */
export const TOKEN_STORAGE_KEY = "accesstoken";
/** Local-storage key of the last signed-in user id. */
export const LAST_USER_ID_KEY = "lastUserId";
/** Local-storage key of the studio's active menu, cleared at start. */
export const ACTIVE_MENU_KEY = "activeMenu";

/** Session state and its actions. */
export interface TSessionState {
  /** The access token, or null when signed out. */
  accessToken: string | null;
  /** The signed-in user's id, when known. */
  userId: string | null;
  /** Stores a new access token (after sign-in or an 803 refresh). */
  setAccessToken: (token: string) => void;
  /** Stores the user id and remembers it as the last user id. */
  setUserId: (userId: string | null) => void;
  /** Forgets the token (sign-out, 403, failed authenticated call). */
  clearSession: () => void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy mode, sandboxed iframe).
    return null;
  }
}

/** The session store. */
export const useSession = create<TSessionState>()((set) => ({
  accessToken: null,
  userId: null,
  setAccessToken: (token) => set({ accessToken: token }),
  setUserId: (userId) => {
    const store = storage();
    if (userId) store?.setItem(LAST_USER_ID_KEY, userId);
    else store?.removeItem(LAST_USER_ID_KEY);
    set({ userId });
  },
  clearSession: () => set({ accessToken: null }),
}));

/** The current access token (for calls made outside React, e.g. multipart uploads). */
export function getAccessToken(): string | null {
  return useSession.getState().accessToken;
}

/**
 * Start-of-app step of SPEC §4: moves a parked token from storage into memory, restores the
 * last user id if none is set, and clears the active-menu entry.
 */
export function restoreSession(): void {
  const store = storage();
  if (!store) return;
  const parked = store.getItem(TOKEN_STORAGE_KEY);
  store.removeItem(TOKEN_STORAGE_KEY);
  store.removeItem(ACTIVE_MENU_KEY);
  const state = useSession.getState();
  if (parked) state.setAccessToken(parked);
  if (!state.userId) {
    const lastUserId = store.getItem(LAST_USER_ID_KEY);
    if (lastUserId) useSession.setState({ userId: lastUserId });
  }
}

/** Writes the in-memory token to storage; called when the page goes away. */
export function parkSession(): void {
  const store = storage();
  const token = useSession.getState().accessToken;
  if (!store) return;
  if (token) store.setItem(TOKEN_STORAGE_KEY, token);
  else store.removeItem(TOKEN_STORAGE_KEY);
}

/** Parks the token on `beforeunload` and `pagehide`; returns a function that stops it. */
export function installSessionParking(target: Window = window): () => void {
  target.addEventListener("beforeunload", parkSession);
  target.addEventListener("pagehide", parkSession);
  return () => {
    target.removeEventListener("beforeunload", parkSession);
    target.removeEventListener("pagehide", parkSession);
  };
}
