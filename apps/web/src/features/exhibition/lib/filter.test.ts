import type { TBoothCard } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { filterBooths } from "./filter";

function booth(id: string, logo: string, channel: string, category: string | null, pitch = ""): TBoothCard {
  return {
    booth_id: id,
    exhibition_id: "exhibition_1",
    owner_id: "user_1",
    status: "active",
    slot: { aisle: 0, index: Number(id), label: `A${Number(id) + 1}` },
    channel: { user_channel_id: "channel_1", channel_name: channel, logo_url: null, brand_color: "#123456" },
    logo_text: logo,
    booth_color: "#123456",
    image_urls: [],
    hero: null,
    product_count: 0,
    category,
    pitch,
    views: 0,
  };
}

const BOOTHS = [
  booth("0", "AURORA", "Aurora Lamps", "lamps", "Lamps that last."),
  booth("1", "", "새봄 화장품", "beauty", "자연 화장품"),
  booth("2", "Parts Co", "Parts Company", "parts"),
];

describe("filterBooths", () => {
  it("matches every word in name, channel, pitch or slot, in any case and in Hangul", () => {
    expect(filterBooths(BOOTHS, "aurora last", null).map((b) => b.booth_id)).toEqual(["0"]);
    expect(filterBooths(BOOTHS, "화장품", null).map((b) => b.booth_id)).toEqual(["1"]);
    expect(filterBooths(BOOTHS, "a3", null).map((b) => b.booth_id)).toEqual(["2"]);
    expect(filterBooths(BOOTHS, "aurora parts", null)).toEqual([]);
  });

  it("keeps one category, and everything for an empty search", () => {
    expect(filterBooths(BOOTHS, "", "parts").map((b) => b.booth_id)).toEqual(["2"]);
    expect(filterBooths(BOOTHS, "  ", null)).toHaveLength(3);
    expect(filterBooths(BOOTHS, "aurora", "parts")).toEqual([]);
  });
});
