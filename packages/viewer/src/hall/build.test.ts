import { describe, expect, it } from "vitest";
import { coverCrop, inkOn, PAGE_SIZE, planAtlas, safeColor } from "./atlas";
import { planHall } from "./build";
import type { THallBooth } from "./types";

function booths(n: number, aisles: number, slots: number): THallBooth[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `b${i}`,
    aisle: Math.floor(i / slots) % aisles,
    slotIndex: i % slots,
    logoText: `Booth ${i}`,
    color: "#3366aa",
    imageUrls: [`/img/${i}-a.jpg`, `/img/${i}-b.jpg`, `/img/${i}-c.jpg`],
    heroPosterUrl: `/img/${i}-poster.jpg`,
  }));
}

describe("hall plan", () => {
  it("keeps 60 dressed booths within the triangle and draw-call budgets", () => {
    const plan = planHall({ layout: { aisles: 3, slotsPerAisle: 20 }, booths: booths(60, 3, 20) });
    expect(plan.booths).toHaveLength(60);
    const triangles =
      plan.structure.triangles +
      plan.signage.positions.length / 9 +
      [...plan.logoPanels, ...plan.imagePanels].reduce((n, p) => n + p.positions.length / 9, 0);
    expect(triangles).toBeLessThan(50_000);
    // One structure mesh, one signage mesh, one mesh per atlas page.
    const meshes = 2 + plan.logoPanels.length + plan.imagePanels.length;
    expect(meshes).toBeLessThan(100);
    // Two wall images and the poster per booth (the third image is not shown).
    expect(plan.imageJobs).toHaveLength(180);
    expect(plan.imageJobs.some((j) => j.url.endsWith("-c.jpg"))).toBe(false);
  });

  it("gives the booths nearest the entrance the first image pages", () => {
    const plan = planHall({ layout: { aisles: 3, slotsPerAisle: 20 }, booths: booths(60, 3, 20) });
    const cells = new Set(plan.imageJobs.map((j) => `${j.cell.page}:${j.cell.x}:${j.cell.y}`));
    expect(cells.size).toBe(plan.imageJobs.length);
    // The first two rows of all three aisles (12 booths, 36 pictures) fit in three pages.
    const front = plan.imageJobs.filter(
      (j) => Math.floor((plan.booths[j.booth]?.booth.slotIndex ?? 99) / 2) < 2,
    );
    expect(Math.max(...front.map((j) => j.cell.page))).toBe(2);
  });

  it("drops booths outside the layout and a second booth in a taken slot", () => {
    const list = booths(4, 1, 4);
    list.push({ ...list[0], id: "dup" } as THallBooth);
    list.push({ ...list[0], id: "far", aisle: 5 } as THallBooth);
    const plan = planHall({ layout: { aisles: 1, slotsPerAisle: 6 }, booths: list });
    expect(plan.booths.map((b) => b.booth.id)).toEqual(["b0", "b1", "b2", "b3"]);
    expect(plan.freeSlots).toHaveLength(2);
  });

  it("uses safe colours whatever the data says", () => {
    expect(safeColor("javascript:alert(1)", "#123456")).toBe("#123456");
    expect(safeColor("#ABCDEF", "#123456")).toBe("#abcdef");
    expect(inkOn("#ffffff")).toBe("#1d2126");
    expect(inkOn("#1a237e")).toBe("#ffffff");
  });
});

describe("atlas", () => {
  it("places cells inside pages of at most 1024 px without overlap", () => {
    const plan = planAtlas(40, 256, 256);
    expect(plan.pages).toHaveLength(3);
    for (const p of plan.pages) {
      expect(p.width).toBeLessThanOrEqual(PAGE_SIZE);
      expect(p.height).toBeLessThanOrEqual(PAGE_SIZE);
    }
    // The last page holds 8 cells: two rows, 512 px high.
    expect(plan.pages[2]?.height).toBe(512);
    const keys = new Set(plan.cells.map((c) => `${c.page}:${c.x}:${c.y}`));
    expect(keys.size).toBe(40);
    for (const c of plan.cells) {
      expect(c.uv.u0).toBeGreaterThanOrEqual(0);
      expect(c.uv.u1).toBeLessThanOrEqual(1);
      expect(c.uv.v0).toBeLessThan(c.uv.v1);
    }
  });

  it("crops images to the panel's shape from their centre", () => {
    expect(coverCrop(2000, 1000, 1)).toEqual({ sx: 500, sy: 0, sw: 1000, sh: 1000 });
    expect(coverCrop(1000, 1000, 2)).toEqual({ sx: 0, sy: 250, sw: 1000, sh: 500 });
  });
});
