import type { TBoothCard } from "@vitrine/contract";
import { boothName } from "./texts";

/** The booths whose name, channel, pitch or hero product matches `search`, in `category` when given. */
export function filterBooths(
  booths: readonly TBoothCard[],
  search: string,
  category: string | null,
): TBoothCard[] {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return booths.filter((booth) => {
    if (category !== null && booth.category !== category) return false;
    if (words.length === 0) return true;
    const text = [
      boothName(booth),
      booth.channel.channel_name,
      booth.pitch,
      booth.hero?.title ?? "",
      booth.slot?.label ?? "",
    ]
      .join(" ")
      .toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}
