import type { TUserInfo } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { planSummary, trialDaysLeft } from "./plan-summary";

const NOW = new Date("2026-05-01T12:00:00.000Z");

function user(overrides: Partial<TUserInfo>): TUserInfo {
  return {
    user_id: "user_1",
    email_id: "owner@company.com",
    email: "owner@company.com",
    email_verified: true,
    plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
    active_plane: "free",
    payment_status: false,
    trial: false,
    trial_ends_at: null,
    is_super: false,
    language: "en",
    created_at: NOW.toISOString(),
    ...overrides,
  };
}

describe("account plan summary", () => {
  it("counts a started day of the trial as a day left, and never below zero", () => {
    expect(trialDaysLeft("2026-05-15T12:00:00.000Z", NOW)).toBe(14);
    expect(trialDaysLeft("2026-05-15T11:00:00.000Z", NOW)).toBe(14);
    expect(trialDaysLeft("2026-05-01T12:00:01.000Z", NOW)).toBe(1);
    expect(trialDaysLeft("2026-04-01T00:00:00.000Z", NOW)).toBe(0);
  });

  it("gives a trial user Advanced limits and the days left", () => {
    const summary = planSummary(
      user({ trial: true, trial_ends_at: "2026-05-15T12:00:00.000Z" }),
      "en",
      NOW,
      "UTC",
    );
    expect(summary.level).toBe("advanced");
    expect(summary.trial).toEqual({ state: "active", daysLeft: 14, endsAt: "2026-05-15 12:00" });
  });

  it("says the trial ended once its end has passed, and Basic limits apply to an unpaid plan", () => {
    const summary = planSummary(
      user({
        plane_info: {
          plan: "standard",
          period: "month",
          subscribed: false,
          status: "pending",
          expires_at: null,
        },
        active_plane: "standard",
        trial: false,
        trial_ends_at: "2026-04-30T00:00:00.000Z",
      }),
      "en",
      NOW,
      "UTC",
    );
    expect(summary.trial).toEqual({ state: "ended", endedAt: "2026-04-30 00:00" });
    expect(summary.level).toBe("basic");
    expect(summary.nameKey).toBe("plans.standard.name");
  });

  it("shows the expiry in Korean time for Korean and in the viewer's zone for English", () => {
    const paid = user({
      plane_info: {
        plan: "advanced",
        period: "year",
        subscribed: true,
        status: "active",
        expires_at: "2027-03-01T15:30:00.000Z",
      },
      active_plane: "advanced",
      payment_status: true,
    });
    expect(planSummary(paid, "ko", NOW, "America/New_York").expiresAt).toBe("2027-03-02 00:30");
    expect(planSummary(paid, "en", NOW, "America/New_York").expiresAt).toBe("2027-03-01 10:30");
    expect(planSummary(paid, "en", NOW, "America/New_York")).toMatchObject({
      period: "year",
      isSubscribed: true,
      level: "advanced",
      trial: { state: "none" },
    });
  });
});
