import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./credentials";
import { LOGIN_BACKOFF_FIRST_SECONDS, LOGIN_BACKOFF_MAX_SECONDS, LOGIN_FREE_FAILURES } from "./deps";

describe("sign-in back-off", () => {
  it("waits nothing for the free failures, then 30 s doubling with each failure up to 15 minutes", () => {
    expect(backoffSeconds(LOGIN_FREE_FAILURES)).toBe(0);
    const waits = [1, 2, 3, 4, 5, 6, 7, 100].map((n) => backoffSeconds(LOGIN_FREE_FAILURES + n));
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    expect(LOGIN_BACKOFF_FIRST_SECONDS).toBe(30);
    expect(LOGIN_BACKOFF_MAX_SECONDS).toBe(900);
  });
});
