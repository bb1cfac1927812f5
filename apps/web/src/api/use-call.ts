/**
 * Loading one call for a page (production and Q&A screens): the answer or the failure, a
 * loading flag and `reload`. Failures keep their result so the page words them (§8 codes).
 */
import type { TCall, TCallInput, TCallOutput, TCallResult } from "@vitrine/contract";
import { useEffect, useState } from "react";
import { api } from "./";

/** The answer of `call` for `payload` (null: not asked yet). */
export function useCall<C extends TCall>(
  call: C,
  payload: TCallInput<C> | null,
): { data: TCallOutput<C> | null; error: TCallResult<unknown> | null; isLoading: boolean; reload(): void } {
  const [state, setState] = useState<{ data: TCallOutput<C> | null; error: TCallResult<unknown> | null }>({
    data: null,
    error: null,
  });
  const [isLoading, setIsLoading] = useState(payload !== null);
  const [round, setRound] = useState(0);
  const key = JSON.stringify(payload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the payload; `round` asks again.
  useEffect(() => {
    if (payload === null) return;
    let isLive = true;
    setIsLoading(true);
    void api(call, payload).then((res) => {
      if (!isLive) return;
      setIsLoading(false);
      setState(res.status ? { data: res.data, error: null } : { data: null, error: res });
    });
    return () => {
      isLive = false;
    };
  }, [call, key, round]);
  return { ...state, isLoading, reload: () => setRound((n) => n + 1) };
}
