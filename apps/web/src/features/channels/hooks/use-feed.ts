import { feedCall, type TFeedItem, type TIndustry } from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api";

/** A feed or showcase list as it loads. */
export interface TFeedState {
  items: TFeedItem[];
  status: "loading" | "ready" | "failed";
  hasMore: boolean;
  loadMore: () => void;
}

/** The feed (pages by cursor) or the showcase, for a language and an industry filter. */
export function useFeed(
  kind: "feed" | "showcase",
  lang: "en" | "ko",
  industry: TIndustry | null,
): TFeedState {
  const [items, setItems] = useState<TFeedItem[]>([]);
  const [status, setStatus] = useState<TFeedState["status"]>("loading");
  const [cursor, setCursor] = useState<string | null>(null);
  const generation = useRef(0);
  const isLoading = useRef(false);

  const load = useCallback(
    async (from: string | null, isFirst: boolean) => {
      const mine = generation.current;
      isLoading.current = true;
      setStatus("loading");
      const res = await api(feedCall, { kind, lang, industry, cursor: from });
      if (mine !== generation.current) return;
      isLoading.current = false;
      if (!res.status) {
        setStatus("failed");
        return;
      }
      setItems((prev) => (isFirst ? res.data.docs : [...prev, ...res.data.docs]));
      setCursor(res.data.next_cursor);
      setStatus("ready");
    },
    [kind, lang, industry],
  );

  useEffect(() => {
    generation.current += 1;
    setItems([]);
    setCursor(null);
    void load(null, true);
  }, [load]);

  const loadMore = useCallback(() => {
    if (cursor && !isLoading.current) void load(cursor, false);
  }, [cursor, load]);

  return { items, status, hasMore: cursor !== null, loadMore };
}
