import {
  reportSummaryCall,
  type TCallInput,
  type TCallResult,
  type TReportContentType,
  type TReportSummary,
} from "@vitrine/contract";
import { useEffect, useState } from "react";
import { api } from "../../../api";
import type { TBreakdownDim } from "./labels";

/** What the report is asked for. */
export type TReportInput = TCallInput<typeof reportSummaryCall>;
/** A breakdown row the whole report is filtered by. */
export type TReportFilter = { dim: TBreakdownDim; key: string };
/** The content, channel or booth whose own report is shown. */
export type TReportScope = { type: TReportContentType; id: string; name: string };

/** The report for `input` (null: not asked), keeping the last answer while the next loads. */
export function useReport(input: TReportInput | null): {
  data: TReportSummary | null;
  error: TCallResult<unknown> | null;
  isLoading: boolean;
  reload(): void;
} {
  const [state, setState] = useState<{ data: TReportSummary | null; error: TCallResult<unknown> | null }>({
    data: null,
    error: null,
  });
  const [isLoading, setIsLoading] = useState(input !== null);
  const [round, setRound] = useState(0);
  const key = JSON.stringify(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input; `round` asks again.
  useEffect(() => {
    if (input === null) return;
    let isLive = true;
    setIsLoading(true);
    void api(reportSummaryCall, input).then((res) => {
      if (!isLive) return;
      setIsLoading(false);
      setState((prev) => (res.status ? { data: res.data, error: null } : { data: prev.data, error: res }));
    });
    return () => {
      isLive = false;
    };
  }, [key, round]);
  return { ...state, isLoading, reload: () => setRound((n) => n + 1) };
}
