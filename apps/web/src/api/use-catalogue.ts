/** The plan catalogue (prices and the providers offered), loaded once per page. */
import {
  planCatalogueCall,
  type TCatalogueLine,
  type TCurrency,
  type TPaymentProvider,
  type TPlanPeriod,
  type TSoldPlan,
} from "@vitrine/contract";
import { useEffect, useState } from "react";
import { api } from "./";

/** The catalogue's state. */
export interface TCatalogueState {
  lines: TCatalogueLine[] | null;
  providers: TPaymentProvider[];
  isFailed: boolean;
}

/** Loads the catalogue. */
export function useCatalogue(): TCatalogueState {
  const [state, setState] = useState<TCatalogueState>({ lines: null, providers: [], isFailed: false });
  useEffect(() => {
    let isLive = true;
    void api(planCatalogueCall, {}).then((res) => {
      if (!isLive) return;
      setState(
        res.status
          ? { lines: res.data.docs, providers: res.data.providers, isFailed: false }
          : { lines: null, providers: [], isFailed: true },
      );
    });
    return () => {
      isLive = false;
    };
  }, []);
  return state;
}

/** One price of the catalogue (minor units), or null. */
export function priceOf(
  lines: readonly TCatalogueLine[] | null,
  plan: TSoldPlan,
  period: TPlanPeriod,
  currency: TCurrency,
): number | null {
  return (
    lines?.find((l) => l.plan === plan && l.period === period && l.currency === currency)?.amount ?? null
  );
}

/** The currency a reader sees first: won in Korean, dollars in English. */
export function currencyFor(language: string): TCurrency {
  return language.startsWith("ko") ? "KRW" : "USD";
}
