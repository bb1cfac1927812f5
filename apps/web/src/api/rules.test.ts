import { CODES, type TCallResult } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { decideOutcome } from "./rules";

const failed = (rescode: number): TCallResult<unknown> =>
  ({ status: false, rescode, data: null, message: "x" }) as TCallResult<unknown>;

describe("what an authenticated call's failure does to the session", () => {
  it("keeps the owner signed in on every form-level answer of every module", () => {
    const formLevel = [
      CODES.validation,
      CODES.rateLimited,
      CODES.planLimit,
      CODES.noChannel,
      CODES.channelExists,
      CODES.translationOff,
      CODES.modelFileMissing,
      CODES.sharePasswordPlan,
      CODES.contentNotReady,
    ];
    for (const code of formLevel) {
      expect(decideOutcome({ auth: "owner" }, failed(code.rescode), false), code.key).toBe("return");
    }
  });

  it("signs out on 403, 'log in again', internal errors and unknown answers", () => {
    for (const rescode of [
      CODES.forbidden.rescode,
      CODES.loginAgain.rescode,
      CODES.loginRequired.rescode,
      CODES.internal.rescode,
      CODES.badRequest.rescode,
      987_654,
    ]) {
      expect(decideOutcome({ auth: "owner" }, failed(rescode), false), String(rescode)).toBe("signOut");
    }
  });

  it("keeps the owner signed in when an answer could not be read (a call cut off by leaving the page)", () => {
    const cut = { ...failed(1001), transport: "failed" } as TCallResult<unknown>;
    expect(decideOutcome({ auth: "owner" }, cut, false)).toBe("return");
  });

  it("shows the outage alert for 1001 and leaves visitors' calls to the page", () => {
    expect(decideOutcome({ auth: "owner" }, failed(CODES.serviceUnavailable.rescode), false)).toBe("outage");
    expect(decideOutcome({ auth: "none" }, failed(CODES.internal.rescode), false)).toBe("return");
  });
});
