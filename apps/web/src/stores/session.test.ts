import { beforeEach, describe, expect, it } from "vitest";
import {
  ACTIVE_MENU_KEY,
  installSessionParking,
  isPageLeaving,
  LAST_USER_ID_KEY,
  restoreSession,
  TAB_TOKEN_KEY,
  TOKEN_STORAGE_KEY,
  useSession,
} from "./session";

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ accessToken: null, userId: null });
});

describe("session across a reload (SPEC §4)", () => {
  it("parks the in-memory token on unload and takes it back (and out of storage) at start", () => {
    const stop = installSessionParking();
    useSession.getState().setAccessToken("token-1");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    window.dispatchEvent(new Event("pagehide"));
    stop();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("token-1");

    useSession.setState({ accessToken: null });
    restoreSession();
    expect(useSession.getState().accessToken).toBe("token-1");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("parks nothing once signed out", () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "stale");
    const stop = installSessionParking();
    window.dispatchEvent(new Event("beforeunload"));
    stop();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("restores the last user id only when none is set, and clears the active menu", () => {
    localStorage.setItem(LAST_USER_ID_KEY, "user_a");
    localStorage.setItem(ACTIVE_MENU_KEY, "contents");
    restoreSession();
    expect(useSession.getState().userId).toBe("user_a");
    expect(localStorage.getItem(ACTIVE_MENU_KEY)).toBeNull();

    useSession.setState({ userId: "user_b" });
    restoreSession();
    expect(useSession.getState().userId).toBe("user_b");
  });

  it("keeps the session when the next page starts before the old page's pagehide ran", () => {
    useSession.getState().setAccessToken("token-2");
    // A same-site navigation in the same tab: the new page starts, nothing was parked yet.
    useSession.setState({ accessToken: null });
    restoreSession();
    expect(useSession.getState().accessToken).toBe("token-2");
  });

  it("a parked token wins over the tab's copy, and sign-out leaves neither behind", () => {
    useSession.getState().setAccessToken("old");
    localStorage.setItem(TOKEN_STORAGE_KEY, "refreshed");
    useSession.setState({ accessToken: null });
    restoreSession();
    expect(useSession.getState().accessToken).toBe("refreshed");
    expect(sessionStorage.getItem(TAB_TOKEN_KEY)).toBe("refreshed");

    useSession.getState().clearSession();
    expect(sessionStorage.getItem(TAB_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    restoreSession();
    expect(useSession.getState().accessToken).toBeNull();
  });

  it("knows the page is leaving from pagehide until it is shown again", () => {
    const stop = installSessionParking();
    expect(isPageLeaving()).toBe(false);
    window.dispatchEvent(new Event("pagehide"));
    expect(isPageLeaving()).toBe(true);
    window.dispatchEvent(new Event("pageshow"));
    expect(isPageLeaving()).toBe(false);
    stop();
  });

  it("remembers the user id as the last user id", () => {
    useSession.getState().setUserId("user_c");
    expect(localStorage.getItem(LAST_USER_ID_KEY)).toBe("user_c");
  });
});

describe("the signed-in cookie the server reads for / (issue 17)", () => {
  it("is set while a session is held (also one restored at start) and removed at sign-out", () => {
    const cookie = () => document.cookie.split("; ").find((part) => part.startsWith("vt_signed_in="));
    useSession.getState().clearSession();
    expect(cookie()).toBeUndefined();
    useSession.getState().setAccessToken("token-1");
    expect(cookie()).toBe("vt_signed_in=1");
    useSession.getState().clearSession();
    expect(cookie()).toBeUndefined();
    sessionStorage.setItem(TAB_TOKEN_KEY, "token-2");
    restoreSession();
    expect(cookie()).toBe("vt_signed_in=1");
    useSession.getState().clearSession();
  });
});
