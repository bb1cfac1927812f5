import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, INCOTERM_CODES, INCOTERMS } from "../channel-data";
import { MESSAGES } from "../validation";
import {
  CHANNEL_MESSAGES,
  channelAutoTranslateCall,
  channelContentsUpdateCall,
  ZChannelUpdate,
} from "./channels";

const ID = "channel_00000000-0000-4000-8000-000000000000";

function errorsOf(input: unknown): Record<string, string> {
  const parsed = ZChannelUpdate.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("channel reference data", () => {
  it("lists the 249 ISO 3166-1 countries, each named in English and Korean", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) {
      expect(countryName(code, "en"), code).not.toBe(code);
      expect(countryName(code, "ko"), code).not.toBe(code);
    }
    expect(countryName("KR", "en")).toBe("South Korea");
    expect(countryName("KR", "ko")).toBe("대한민국");
  });

  it("holds the 11 Incoterms 2020 rules with their full names", () => {
    expect(INCOTERM_CODES).toEqual([
      "EXW",
      "FCA",
      "CPT",
      "CIP",
      "DAP",
      "DPU",
      "DDP",
      "FAS",
      "FOB",
      "CFR",
      "CIF",
    ]);
    expect(INCOTERMS.DPU).toBe("Delivered at Place Unloaded");
  });
});

describe("channel update input", () => {
  it("accepts a DUNS number as 9 digits or XX-XXX-XXXX and stores the digits", () => {
    for (const duns of ["123456789", "12-345-6789"]) {
      const parsed = ZChannelUpdate.parse({ user_channel_id: ID, channel_global_business_info: { duns } });
      expect(parsed.channel_global_business_info?.duns).toBe("123456789");
    }
    for (const duns of ["12345678", "1234567890", "12-3456-789", "abcdefghi"]) {
      expect(errorsOf({ user_channel_id: ID, channel_global_business_info: { duns } }), duns).toEqual({
        "channel_global_business_info.duns": MESSAGES.dunsFormat,
      });
    }
  });

  it("refuses unknown countries, Incoterms, methods and over-long texts with their messages", () => {
    expect(errorsOf({ user_channel_id: ID, country: "XX" })).toEqual({ country: CHANNEL_MESSAGES.country });
    expect(ZChannelUpdate.parse({ user_channel_id: ID, country: "kr" }).country).toBe("KR");
    expect(
      errorsOf({ user_channel_id: ID, channel_global_business_info: { export_markets: ["US", "ZZ"] } }),
    ).toEqual({ "channel_global_business_info.export_markets.1": CHANNEL_MESSAGES.country });
    expect(
      errorsOf({
        user_channel_id: ID,
        channel_global_business_info: { incoterms: { edition: "2020", codes: ["FOB", "DAT"] } },
      }),
    ).toEqual({ "channel_global_business_info.incoterms.codes.1": CHANNEL_MESSAGES.incoterm });
    expect(
      errorsOf({ user_channel_id: ID, channel_global_business_info: { payment_methods: ["bitcoin"] } }),
    ).toEqual({ "channel_global_business_info.payment_methods.0": CHANNEL_MESSAGES.payment });
    expect(errorsOf({ user_channel_id: ID, channel_intro: "x".repeat(2001) })).toEqual({
      channel_intro: "At most 2000 characters.",
    });
    expect(errorsOf({ user_channel_id: ID, channel_name: "  " })).toEqual({
      channel_name: CHANNEL_MESSAGES.emptyName,
    });
    expect(
      errorsOf({
        user_channel_id: ID,
        channel_global_business_info: { industry: "other", industry_other: "" },
      }),
    ).toEqual({ "channel_global_business_info.industry_other": CHANNEL_MESSAGES.industryOther });
    expect(errorsOf({ user_channel_id: ID, homepage_url: "javascript:alert(1)" })).toEqual({
      homepage_url: CHANNEL_MESSAGES.url,
    });
  });

  it("needs the featured content among the public ones, and a target language other than the origin", () => {
    const featured = channelContentsUpdateCall.input.safeParse({
      user_channel_id: ID,
      contents: [{ content_id: "content_a", is_public: false }],
      featured_content_id: "content_a",
    });
    expect(featured.success).toBe(false);
    const same = channelAutoTranslateCall.input.safeParse({
      user_channel_id: ID,
      trans_data: { channel_intro: "Hello" },
      target_lang: "en",
    });
    expect(same.success).toBe(false);
  });
});
