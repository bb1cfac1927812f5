/**
 * Generated booths for the hall's test page and benchmark: names, colours, categories, and
 * product-like pictures drawn in the browser (or taken from an address template).
 */
import type { THallBooth } from "@vitrine/viewer/hall";

const NAMES = [
  "Daon Robotics",
  "새봄 화장품",
  "Mirae Foods",
  "Hanbit Optics",
  "NORDA Audio",
  "그린텍 소재",
  "Pixel Forge",
  "Seoul Ceramics",
  "바람 아웃도어",
  "Lumen Lighting",
  "K-Motion",
  "온새미 가구",
  "Atlas Marine",
  "Bloom Tea",
  "하늘 드론",
  "Vela Textiles",
  "Orbit Toys",
  "솔빛 에너지",
  "Kite Medical",
  "Maru Kitchen",
];
const COLORS = [
  "#1f6feb",
  "#d9480f",
  "#2b8a3e",
  "#862e9c",
  "#c2255c",
  "#0b7285",
  "#e67700",
  "#364fc7",
  "#5c940d",
  "#212529",
  "#a61e4d",
  "#087f5b",
];
const CATEGORIES = ["electronics", "beauty", "food", "machinery", "lifestyle"];

/** Draws `count` product-like pictures (jpeg object URLs). */
export async function drawPictures(count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const canvas = document.createElement("canvas");
    canvas.width = 480;
    canvas.height = 360;
    const ctx = canvas.getContext("2d");
    if (!ctx) break;
    const c = COLORS[i % COLORS.length] ?? "#333333";
    const g = ctx.createLinearGradient(0, 0, 480, 360);
    g.addColorStop(0, "#f8f6f2");
    g.addColorStop(1, `${c}55`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 480, 360);
    ctx.fillStyle = c;
    if (i % 3 === 0) {
      ctx.beginPath();
      ctx.arc(240, 175, 105, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "#ffffffcc";
      ctx.beginPath();
      ctx.arc(205, 140, 30, 0, Math.PI * 2);
      ctx.fill();
    } else if (i % 3 === 1) {
      ctx.fillRect(150, 70, 180, 220);
      ctx.fillStyle = "#ffffffaa";
      ctx.fillRect(170, 90, 60, 180);
    } else {
      ctx.beginPath();
      ctx.moveTo(240, 55);
      ctx.lineTo(370, 290);
      ctx.lineTo(110, 290);
      ctx.closePath();
      ctx.fill();
    }
    ctx.fillStyle = "#00000022";
    ctx.fillRect(90, 300, 300, 10);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (blob) urls.push(URL.createObjectURL(blob));
  }
  return urls;
}

/**
 * `count` booths over `aisles` × `slots` (filled aisle by aisle), each with two wall images and a
 * hero poster from `pictures` (a list of URLs) or from `template` (`{n}` = 0, 1, 2, …).
 */
export function testBooths(
  count: number,
  layout: { aisles: number; slotsPerAisle: number },
  picture: (n: number) => string,
): THallBooth[] {
  const booths: THallBooth[] = [];
  const total = Math.min(count, layout.aisles * layout.slotsPerAisle);
  for (let i = 0; i < total; i++) {
    const base = NAMES[i % NAMES.length] ?? "Booth";
    const round = Math.floor(i / NAMES.length);
    booths.push({
      id: `booth-${i + 1}`,
      aisle: Math.floor(i / layout.slotsPerAisle),
      slotIndex: i % layout.slotsPerAisle,
      logoText: round ? `${base} ${round + 1}` : base,
      color: COLORS[(i * 5) % COLORS.length] ?? "#333333",
      imageUrls: [picture(i * 3), picture(i * 3 + 1)],
      heroPosterUrl: picture(i * 3 + 2),
      category: CATEGORIES[i % CATEGORIES.length] ?? null,
    });
  }
  return booths;
}
