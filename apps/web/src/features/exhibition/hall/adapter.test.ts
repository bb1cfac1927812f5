import type { TBoothCard, TExhibitionDoc } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { hallInput } from "./adapter";

const doc: TExhibitionDoc = {
  exhibition_id: "exhibition_1",
  name: { en: "Busan Lighting Fair", ko: "" },
  description: { en: "", ko: "" },
  opens_at: "2026-11-01T00:00:00.000Z",
  closes_at: "2026-12-01T00:00:00.000Z",
  categories: [],
  layout: { aisles: 3, slots_per_aisle: 10 },
  theme_color: "#112233",
  published: true,
  state: "open",
  slot_count: 30,
  booth_count: 2,
  created_at: "2026-10-01T00:00:00.000Z",
  updated_at: "2026-10-01T00:00:00.000Z",
};

function card(overrides: Partial<TBoothCard>): TBoothCard {
  return {
    booth_id: "booth_a",
    exhibition_id: "exhibition_1",
    owner_id: "user_1",
    status: "active",
    slot: { aisle: 1, index: 4, label: "B5" },
    channel: { user_channel_id: "ch", channel_name: "Aurora Lamps", logo_url: null, brand_color: "#ff8800" },
    logo_text: "AURORA",
    booth_color: "#c2255c",
    image_urls: ["/blobs/a.jpg", "/blobs/b.jpg"],
    hero: { content_id: "content_1", title: "Desk lamp", thumbnail_url: "/blobs/thumb.webp" },
    product_count: 1,
    category: "lamps",
    pitch: "",
    views: 0,
    ...overrides,
  };
}

describe("hall adapter", () => {
  it("puts each standing booth in its slot with its logo, colour, images and hero poster", () => {
    const input = hallInput(doc, [card({})], "en");
    expect(input.name).toBe("Busan Lighting Fair");
    expect(input.layout).toEqual({ aisles: 3, slotsPerAisle: 10 });
    expect(input.themeColor).toBe("#112233");
    expect(input.booths).toEqual([
      {
        id: "booth_a",
        aisle: 1,
        slotIndex: 4,
        logoText: "AURORA",
        color: "#c2255c",
        imageUrls: ["/blobs/a.jpg", "/blobs/b.jpg"],
        heroPosterUrl: "/blobs/thumb.webp",
        category: "lamps",
      },
    ]);
  });

  it("falls back to the channel's name and colour, and the other language's name", () => {
    const input = hallInput(doc, [card({ logo_text: " ", booth_color: "", hero: null })], "ko");
    expect(input.name).toBe("Busan Lighting Fair");
    expect(input.booths[0]?.logoText).toBe("Aurora Lamps");
    expect(input.booths[0]?.color).toBe("#ff8800");
    expect(input.booths[0]?.heroPosterUrl).toBeNull();
  });

  it("leaves out booth requests (no slot yet)", () => {
    const input = hallInput(
      doc,
      [card({ status: "requested", slot: null }), card({ booth_id: "booth_b" })],
      "en",
    );
    expect(input.booths.map((b) => b.id)).toEqual(["booth_b"]);
  });
});
