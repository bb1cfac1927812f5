import { PLANS, type TUserInfo } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { planCta } from "./plan-cta";

const byId = (id: string) => {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
};

const free: Pick<TUserInfo, "active_plane" | "plane_info"> = {
  active_plane: "free",
  plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
};
const standard: Pick<TUserInfo, "active_plane" | "plane_info"> = {
  active_plane: "standard",
  plane_info: {
    plan: "standard",
    period: "month",
    subscribed: true,
    status: "active",
    expires_at: "2027-01-01T00:00:00.000Z",
  },
};

describe("plan card button (SPEC §4 display states)", () => {
  it("offers a visitor to try for free", () => {
    expect(planCta(byId("standard"), null, false, "month", null)).toEqual({
      kind: "tryFree",
      to: "/register",
    });
  });

  it("offers a signed-in owner without a paid plan to subscribe to a plan sold online, with the period", () => {
    expect(planCta(byId("advanced"), free, true, "year", null)).toEqual({
      kind: "subscribe",
      to: "/checkout?plan=advanced&period=year",
    });
    expect(planCta(byId("free"), free, true, "month", null)).toEqual({
      kind: "workspace",
      to: "/Studio/user",
    });
  });

  it("marks the current plan of a subscribed owner with its renewal date", () => {
    expect(planCta(byId("standard"), standard, true, "month", null)).toEqual({
      kind: "current",
      renewsAt: "2027-01-01T00:00:00.000Z",
      to: "/Studio/user/account",
    });
    expect(planCta(byId("advanced"), standard, true, "month", null).kind).toBe("workspace");
  });

  it("writes to support for contact-us when the address is known, else falls back to sign-up", () => {
    expect(planCta(byId("contact-us"), null, false, "month", "help@example.com")).toEqual({
      kind: "contact",
      href: "mailto:help@example.com",
    });
    expect(planCta(byId("contact-us"), null, false, "month", null).kind).toBe("tryFree");
  });
});
