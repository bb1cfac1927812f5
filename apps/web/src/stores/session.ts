/**
 * Session state (SPEC §4): the access token lives in memory. It is written to local storage on
 * unload and read back (then removed) at the next start, so a reload keeps the user signed in.
 *
 * The unload step alone loses the session now and then: when Chromium swaps the tab to a new
 * browsing instance on a same-site navigation (typing an address, opening a bookmark), the old
 * page's `pagehide` may run after the new page has already started and found nothing parked. So
 * the token is also kept in this tab's session storage from the moment it is set: the next page
 * of the same tab finds it whatever the order, it is gone when the tab closes, and sign-out
 * removes it. (Session storage is no more exposed than the memory a script in the page can read.)
 */
import { create } from "zustand";
import { markSignedIn } from "../lib/shell-cookies";

/** Local-storage key the token is parked under between unload and the next start. */
export const TOKEN_STORAGE_KEY = "accesstoken";
/** Session-storage key holding this tab's token while it is signed in. */
export const TAB_TOKEN_KEY = "vt_tab_token";
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

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps this tab's copy of the token in step with memory (a full storage is not an error). */
function keepInTab(token: string | null): void {
  markSignedIn(token !== null);
  try {
    const tab = tabStorage();
    if (token) tab?.setItem(TAB_TOKEN_KEY, token);
    else tab?.removeItem(TAB_TOKEN_KEY);
  } catch {
    // Quota or a blocked storage: the unload parking still applies.
  }
}

/** The session store. */
export const useSession = create<TSessionState>()((set) => ({
  accessToken: null,
  userId: null,
  setAccessToken: (token) => {
    keepInTab(token);
    set({ accessToken: token });
  },
  setUserId: (userId) => {
    const store = storage();
    if (userId) store?.setItem(LAST_USER_ID_KEY, userId);
    else store?.removeItem(LAST_USER_ID_KEY);
    set({ userId });
  },
  clearSession: () => {
    keepInTab(null);
    storage()?.removeItem(TOKEN_STORAGE_KEY);
    set({ accessToken: null });
  },
}));

/** The current access token (for calls made outside React, e.g. multipart uploads). */
export function getAccessToken(): string | null {
  return useSession.getState().accessToken;
}

/**
 * Start-of-app step of SPEC §4: moves a parked token from storage into memory (or, when nothing
 * was parked in time, takes this tab's copy), restores the last user id if none is set, and
 * clears the active-menu entry.
 */
export function restoreSession(): void {
  const store = storage();
  const parked = store?.getItem(TOKEN_STORAGE_KEY) ?? null;
  store?.removeItem(TOKEN_STORAGE_KEY);
  store?.removeItem(ACTIVE_MENU_KEY);
  const state = useSession.getState();
  const token = parked ?? tabStorage()?.getItem(TAB_TOKEN_KEY) ?? null;
  if (token) state.setAccessToken(token);
  if (!store) return;
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

let isLeaving = false;

/**
 * True between `pagehide` and a `pageshow` (back from the cache): the page is going away. Chromium
 * still runs the page's code after `pagehide` (the calls the navigation cut off fail then), and
 * nothing that code does may end the session the next page starts with.
 */
export function isPageLeaving(): boolean {
  return isLeaving;
}

function onPageHide(): void {
  parkSession();
  isLeaving = true;
}

function onPageShow(): void {
  isLeaving = false;
}

/** Parks the token on `beforeunload` and `pagehide`; returns a function that stops it. */
export function installSessionParking(target: Window = window): () => void {
  target.addEventListener("beforeunload", parkSession);
  target.addEventListener("pagehide", onPageHide);
  target.addEventListener("pageshow", onPageShow);
  return () => {
    target.removeEventListener("beforeunload", parkSession);
    target.removeEventListener("pagehide", onPageHide);
    target.removeEventListener("pageshow", onPageShow);
    isLeaving = false;
  };
}
