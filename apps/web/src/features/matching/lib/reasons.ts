/**
 * A match's reasons and a buyer's codes in the page's language (the mails word them on the
 * server the same way, in the recipient's language).
 */
import { countryName, type TConnectBuyer, type TMatchReason } from "@vitrine/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";

/** Labels of a buyer's codes. */
export interface TBuyerLabels {
  country(code: string): string;
  industry(buyer: Pick<TConnectBuyer, "industry" | "industry_other">): string;
  businessType(code: string): string;
  inquiryType(code: string): string;
  /** One reason as a sentence. */
  reason(reason: TMatchReason): string;
}

/** The labels of the page's language. */
export function useBuyerLabels(): TBuyerLabels {
  const { t } = useTranslation("matching");
  const { t: tChannels } = useTranslation("channels");
  const lang = currentLanguage();
  const industryName = useCallback(
    (code: string) => tChannels(`industry.${code}` as "industry.other", { defaultValue: code }),
    [tChannels],
  );
  const businessType = useCallback(
    (code: string) => t(`businessType.${code}` as "businessType.other", { defaultValue: code }),
    [t],
  );
  return {
    country: (code) => countryName(code, lang),
    industry: (buyer) =>
      buyer.industry === "other" && buyer.industry_other !== ""
        ? buyer.industry_other
        : industryName(buyer.industry),
    businessType,
    inquiryType: (code) => t(code === "product" ? "inquiryType.product" : "inquiryType.business"),
    reason: (reason) => {
      const list = (names: string[]) => names.join(", ");
      switch (reason.code) {
        case "direct":
          return t("reason.direct");
        case "industry":
          return t("reason.industry", { values: list(reason.values.map(industryName)) });
        case "market":
          return t("reason.market", { values: list(reason.values.map((v) => countryName(v, lang))) });
        case "incoterms":
          return t("reason.incoterms", { values: list(reason.values) });
        case "business_type":
          return t("reason.businessType", { values: list(reason.values.map(businessType)) });
        case "text":
          return t("reason.text", { values: list(reason.values), count: reason.count });
        case "viewed":
          return t("reason.viewed", { count: reason.count });
      }
    },
  };
}
