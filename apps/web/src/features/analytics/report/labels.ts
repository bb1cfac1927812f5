/**
 * Words of the report's keys (issue 11): content types, devices and inflow sources as the
 * server names them (`search:naver`, `vitrine:channel`…), in the page's language. Browser and
 * OS names are product names and stay as they are.
 */
import { PLAN_LIMITS, type TPlanLevel } from "@vitrine/contract";
import type { TFunction } from "i18next";

/** Breakdown dimensions and the plan keys that show them. */
export const BREAKDOWNS = [
  { dim: "content_type", field: "by_type", section: "byType", plan: "by_content_type" },
  { dim: "inflow", field: "by_inflow", section: "inflow", plan: "inflow_path" },
  { dim: "device", field: "by_device", section: "device", plan: "browser_device" },
  { dim: "browser", field: "by_browser", section: "browser", plan: "browser_device" },
  { dim: "os", field: "by_os", section: "os", plan: "browser_device" },
] as const;
/** A breakdown dimension. */
export type TBreakdownDim = (typeof BREAKDOWNS)[number]["dim"];
/** A plan key of the analytics figures. */
export type TAnalyticsKey = keyof (typeof PLAN_LIMITS)["basic"]["analytics"];

const LEVEL_ORDER: readonly TPlanLevel[] = ["basic", "standard", "advanced"];

/** The first plan level that shows a figure (for the upgrade line). */
export function levelShowing(key: TAnalyticsKey): TPlanLevel {
  return LEVEL_ORDER.find((level) => PLAN_LIMITS[level].analytics[key]) ?? "advanced";
}

/** The words of one key of a dimension. */
export function keyLabel(t: TFunction<"analytics">, dim: TBreakdownDim, key: string): string {
  if (dim === "content_type") {
    return key === "product" || key === "booth" || key === "channel" || key === "match"
      ? t(`types.${key}`)
      : key;
  }
  if (dim === "device") {
    return key === "phone" || key === "tablet" || key === "desktop" ? t(`devices.${key}`) : key;
  }
  if (dim === "inflow") return inflowLabel(t, key);
  return key;
}

const APP_NAMES: Record<string, string> = {
  kakaotalk: "KakaoTalk",
  line: "LINE",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  messenger: "Messenger",
  wechat: "WeChat",
  slack: "Slack",
  google: "Google",
  bing: "Bing",
  naver: "Naver",
  daum: "Daum",
  yahoo: "Yahoo",
  duckduckgo: "DuckDuckGo",
  baidu: "Baidu",
  yandex: "Yandex",
  ecosia: "Ecosia",
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  tiktok: "TikTok",
  pinterest: "Pinterest",
  reddit: "Reddit",
  band: "BAND",
  naver_blog: "Naver Blog",
};

/** The words of an inflow source. */
export function inflowLabel(t: TFunction<"analytics">, key: string): string {
  if (key === "direct") return t("inflow.direct");
  const at = key.indexOf(":");
  const kind = at < 0 ? key : key.slice(0, at);
  const rest = at < 0 ? "" : key.slice(at + 1);
  const name = APP_NAMES[rest] ?? rest;
  switch (kind) {
    case "search":
      return t("inflow.search", { name });
    case "social":
      return t("inflow.social", { name });
    case "messenger":
      return t("inflow.messenger", { name });
    case "site":
      return t("inflow.site", { name });
    case "embed":
      return t("inflow.embed", { name });
    case "vitrine":
      return rest === "channel"
        ? t("inflow.vitrineChannel")
        : rest === "booth"
          ? t("inflow.vitrineBooth")
          : rest === "share"
            ? t("inflow.vitrineShare")
            : t("inflow.vitrineOther");
    default:
      return key;
  }
}

/** Seconds as the cards show them (`42 s`, `3 min 5 s`). */
export function durationLabel(t: TFunction<"analytics">, seconds: number): string {
  if (seconds < 60) return t("seconds", { value: Math.round(seconds * 10) / 10 });
  const whole = Math.round(seconds);
  return t("minutes", { m: Math.floor(whole / 60), s: whole % 60 });
}
