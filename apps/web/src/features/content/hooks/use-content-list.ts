import {
  contentDetailCall,
  contentListCall,
  type TCallResult,
  type TContentDoc,
  type TContentSummary,
} from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api";

/** How often a processing content is asked about (ms). */
export const PROCESSING_POLL_MS = 2000;

/** A list row with what the detail adds for failed contents. */
export type TContentRow = TContentSummary & { failure_reason?: string | null };

/** Sort orders of the list. */
export type TContentSort = "updated" | "title" | "views" | "created";

/** The list state of {@link useContentList}. */
export interface TContentListState {
  rows: TContentRow[] | null;
  isLoading: boolean;
  /** The failed answer of the last load, if it failed. */
  error: TCallResult<unknown> | null;
  reload: () => Promise<void>;
  /** Replaces one row with fresher data (after a rename, a retry…). */
  updateRow: (doc: Partial<TContentRow> & { content_id: string }) => void;
}

function summaryOf(doc: TContentDoc): TContentRow {
  return {
    content_id: doc.content_id,
    title: doc.title,
    status: doc.status,
    processing: doc.processing,
    is_public: doc.is_public,
    thumbnail_url: doc.thumbnail_url,
    views: doc.views,
    updated_at: doc.updated_at,
    failure_reason: doc.failure_reason,
  };
}

/**
 * The owner's contents for a search and sort. Contents still processing are asked about every
 * 2 s until they are ready or failed; a failed one's reason is fetched once.
 */
export function useContentList(search: string, sort: TContentSort): TContentListState {
  const [rows, setRows] = useState<TContentRow[] | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<TCallResult<unknown> | null>(null);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    setIsLoading(true);
    const res = await api(contentListCall, { search, sort });
    // A newer search may have answered first; its rows win.
    if (mine !== generation.current) return;
    setIsLoading(false);
    if (res.status) {
      setRows(res.data.docs);
      setError(null);
    } else setError(res);
  }, [search, sort]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const updateRow = useCallback((doc: Partial<TContentRow> & { content_id: string }) => {
    setRows(
      (current) =>
        current?.map((row) => (row.content_id === doc.content_id ? { ...row, ...doc } : row)) ?? null,
    );
  }, []);

  const watched = (rows ?? [])
    .filter((r) => r.status === "processing" || (r.status === "failed" && r.failure_reason === undefined))
    .map((r) => r.content_id)
    .join(" ");

  useEffect(() => {
    if (watched === "") return;
    let isStopped = false;
    const ids = watched.split(" ");
    const ask = async () => {
      const answers = await Promise.all(ids.map((content_id) => api(contentDetailCall, { content_id })));
      if (isStopped) return;
      for (const res of answers) if (res.status) updateRow(summaryOf(res.data.doc));
    };
    // Failed rows need their reason now; processing rows are asked again after each interval.
    void ask();
    const timer = window.setInterval(() => void ask(), PROCESSING_POLL_MS);
    return () => {
      isStopped = true;
      window.clearInterval(timer);
    };
  }, [watched, updateRow]);

  return { rows, isLoading, error, reload, updateRow };
}
