import { CODES } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { planLimitOf } from "./plan-limit";

describe("plan limit mirror", () => {
  it("reads the limit a planLimit answer names", () => {
    const answer = {
      status: false,
      rescode: CODES.planLimit.rescode,
      data: { limit: "annotation", max: 10 },
    };
    expect(planLimitOf(answer)).toEqual({ limit: "annotation", max: 10 });
    expect(planLimitOf({ ...answer, data: null })).toEqual({ limit: null, max: null });
    expect(planLimitOf({ status: false, rescode: CODES.validation.rescode, data: null })).toBeNull();
  });
});
