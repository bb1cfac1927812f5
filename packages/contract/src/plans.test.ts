import { describe, expect, it } from "vitest";
import {
  canAddMore,
  countLimit,
  isTrialActive,
  PLAN_COMPARISON,
  PLAN_LIMITS,
  PLANS,
  planLevel,
  planLimitsOf,
  ZTrial,
} from "./plans";

const now = new Date("2025-03-01T00:00:00Z");

describe("planLevel", () => {
  it("is Basic unless payment is confirmed", () => {
    expect(planLevel({ active_plane: "advanced", payment_status: false }, now)).toBe("basic");
    expect(planLevel({ active_plane: "standard", payment_status: null }, now)).toBe("basic");
    expect(planLevel({ active_plane: "standard" }, now)).toBe("basic");
    expect(planLevel({}, now)).toBe("basic");
  });

  it("follows active_plane once paid", () => {
    expect(planLevel({ active_plane: "free", payment_status: true }, now)).toBe("basic");
    expect(planLevel({ active_plane: "basic", payment_status: true }, now)).toBe("basic");
    expect(planLevel({ active_plane: "standard", payment_status: true }, now)).toBe("standard");
    expect(planLevel({ active_plane: "Advanced ", payment_status: true }, now)).toBe("advanced");
    expect(planLevel({ active_plane: "contact-us", payment_status: true }, now)).toBe("advanced");
  });

  it("gives Basic for an unknown or missing plan", () => {
    expect(planLevel({ active_plane: "platinum", payment_status: true }, now)).toBe("basic");
    expect(planLevel({ active_plane: null, payment_status: true }, now)).toBe("basic");
    expect(planLevel({ active_plane: "", payment_status: true }, now)).toBe("basic");
  });

  it("counts a trial as Advanced with payment confirmed", () => {
    expect(planLevel({ active_plane: null, payment_status: false, trial: true }, now)).toBe("advanced");
    expect(planLevel({ active_plane: "standard", payment_status: true, trial: true }, now)).toBe("advanced");
    const running = { active: true, ends_at: "2025-03-10T00:00:00Z" };
    expect(planLevel({ payment_status: false, trial: running }, now)).toBe("advanced");
    expect(planLevel({ payment_status: false, trial: { active: true, ends_at: null } }, now)).toBe(
      "advanced",
    );
  });

  it("ignores an ended, inactive or false trial", () => {
    const ended = { active: true, ends_at: "2025-02-28T23:59:59Z" };
    expect(planLevel({ payment_status: false, trial: ended }, now)).toBe("basic");
    expect(planLevel({ active_plane: "standard", payment_status: true, trial: ended }, now)).toBe("standard");
    expect(planLevel({ payment_status: false, trial: { active: false, ends_at: null } }, now)).toBe("basic");
    expect(planLevel({ payment_status: false, trial: false }, now)).toBe("basic");
    expect(isTrialActive({ active: true, ends_at: "2025-03-01T00:00:00Z" }, now)).toBe(false);
  });

  it("validates the trial shape", () => {
    expect(ZTrial.safeParse(true).success).toBe(true);
    expect(ZTrial.safeParse({ active: true, ends_at: "2025-03-10T09:00:00+09:00" }).success).toBe(true);
    expect(ZTrial.safeParse({ active: true, ends_at: "next week" }).success).toBe(false);
  });
});

describe("limits", () => {
  it("equal the SPEC §6 table", () => {
    const table = (["basic", "standard", "advanced"] as const).map((level) => {
      const l = PLAN_LIMITS[level];
      return [
        l.background.enable && l.light.enable && l.material_and_brightness.enable,
        l.annotation.limit_count,
        l.annotation_image.limit_count,
        l.sharing.limit_count_sharelink,
        l.sharing.enable_password,
        l.platform.remove_platform_logo && l.platform.remove_platform_ads,
        l.sharing.enable_homepage_linkbtn || l.sharing.enable_purchase_linkbtn,
      ];
    });
    expect(table).toEqual([
      [true, 0, 0, 1, false, false, false],
      [true, 10, 3, 3, true, false, false],
      [true, 10, 3, 10, true, true, false],
    ]);
    expect(PLAN_LIMITS.basic.annotation.enable).toBe(false);
    expect(PLAN_LIMITS.standard.annotation_image.enable).toBe(true);
    expect(PLAN_LIMITS.basic.platform.remove_platform_ads).toBe(false);
    expect(PLAN_LIMITS.advanced.platform.remove_platform_logo).toBe(true);
  });

  it("count and stop at the limit", () => {
    expect(countLimit("basic", "sharelink")).toBe(1);
    expect(canAddMore("basic", "sharelink", 0)).toBe(true);
    expect(canAddMore("basic", "sharelink", 1)).toBe(false);
    expect(canAddMore("basic", "annotation", 0)).toBe(false);
    expect(canAddMore("standard", "annotation", 9)).toBe(true);
    expect(canAddMore("standard", "annotation", 10)).toBe(false);
    expect(countLimit("advanced", "annotation_image")).toBe(3);
  });

  it("apply to a user by level", () => {
    expect(
      planLimitsOf({ active_plane: "advanced", payment_status: true }, now).sharing.limit_count_sharelink,
    ).toBe(10);
    expect(
      planLimitsOf({ active_plane: "advanced", payment_status: false }, now).sharing.limit_count_sharelink,
    ).toBe(1);
  });
});

describe("plans and comparison", () => {
  it("lists the five plans of SPEC §1", () => {
    expect(PLANS.map((p) => p.id)).toEqual(["free", "basic", "standard", "advanced", "contact-us"]);
  });

  it("has the five sections, each row with a value per level in the allowed range", () => {
    expect(PLAN_COMPARISON.map((s) => s.key)).toEqual([
      "compare.features3d.title",
      "compare.contentSharing.title",
      "compare.exhibition.title",
      "compare.analytics.title",
      "compare.platform.title",
    ]);
    const allowedCounts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 30, 100];
    const keys = new Set<string>();
    for (const section of PLAN_COMPARISON) {
      for (const row of section.rows) {
        expect(keys.has(row.key), row.key).toBe(false);
        keys.add(row.key);
        for (const value of Object.values(row.values)) {
          if (typeof value === "number") expect(allowedCounts, row.key).toContain(value);
          else expect(["boolean", "string"]).toContain(typeof value);
          if (typeof value === "string") expect(value).toBe("unlimited");
        }
      }
    }
  });

  it("shows the enforced limits in the comparison", () => {
    const find = (key: string) => PLAN_COMPARISON.flatMap((s) => s.rows).find((r) => r.key === key)?.values;
    expect(find("compare.contentSharing.sharelinkCount")).toEqual({ basic: 1, standard: 3, advanced: 10 });
    expect(find("compare.features3d.descriptionLimit")).toEqual({ basic: 0, standard: 10, advanced: 10 });
    expect(find("compare.contentSharing.sharelinkPassword")).toEqual({
      basic: false,
      standard: true,
      advanced: true,
    });
    expect(find("compare.platform.removeLogo")).toEqual({ basic: false, standard: false, advanced: true });
  });
});
