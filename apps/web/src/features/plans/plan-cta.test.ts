import { PLANS } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { planCta } from "./plan-cta";

const byId = (id: string) => {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`no plan ${id}`);
  return plan;
};

describe("plan card button", () => {
  it("offers a visitor to try for free", () => {
    expect(planCta(byId("standard"), false, null)).toEqual({ kind: "tryFree", to: "/register" });
  });

  it("takes a signed-in owner to the workspace", () => {
    expect(planCta(byId("advanced"), true, "help@example.com")).toEqual({
      kind: "workspace",
      to: "/Studio/user",
    });
  });

  it("writes to support for contact-us when the address is known, else falls back to sign-up", () => {
    expect(planCta(byId("contact-us"), false, "help@example.com")).toEqual({
      kind: "contact",
      href: "mailto:help@example.com",
    });
    expect(planCta(byId("contact-us"), false, null).kind).toBe("tryFree");
  });
});
