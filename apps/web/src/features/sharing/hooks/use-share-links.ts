import {
  shareLinkDeleteCall,
  shareLinkListCall,
  type TCallResult,
  type TShareLinkAllowance,
  type TShareLinkDoc,
} from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api";

/** The links of one content as {@link useShareLinks} holds them. */
export interface TShareLinksState {
  docs: TShareLinkDoc[] | null;
  allowance: TShareLinkAllowance | null;
  isLoading: boolean;
  /** The failed answer of the last load, if it failed. */
  error: TCallResult<unknown> | null;
  reload: () => Promise<void>;
  /** Adds a link made elsewhere (create, sealed upload) at the top. */
  add: (doc: TShareLinkDoc) => void;
  /** Deletes a link; answers the failed result, or null when it is gone. */
  remove: (sharelinkUrl: string) => Promise<TCallResult<unknown> | null>;
}

/** Loads a content's share links and the plan's allowance; nothing while `contentId` is null. */
export function useShareLinks(contentId: string | null): TShareLinksState {
  const [docs, setDocs] = useState<TShareLinkDoc[] | null>(null);
  const [allowance, setAllowance] = useState<TShareLinkAllowance | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<TCallResult<unknown> | null>(null);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    if (contentId === null) {
      setDocs(null);
      setAllowance(null);
      return;
    }
    setIsLoading(true);
    const res = await api(shareLinkListCall, { content_id: contentId });
    // Another content may have been opened meanwhile; its answer wins.
    if (mine !== generation.current) return;
    setIsLoading(false);
    if (res.status) {
      setDocs(res.data.docs);
      setAllowance(res.data.allowance);
      setError(null);
    } else setError(res);
  }, [contentId]);

  useEffect(() => {
    setDocs(null);
    setAllowance(null);
    setError(null);
    void reload();
  }, [reload]);

  const add = useCallback((doc: TShareLinkDoc) => {
    setDocs((current) => [doc, ...(current ?? []).filter((d) => d.sharelink_url !== doc.sharelink_url)]);
  }, []);

  const remove = useCallback(async (sharelinkUrl: string) => {
    const res = await api(shareLinkDeleteCall, { sharelink_url: sharelinkUrl });
    if (!res.status) return res;
    setDocs((current) => current?.filter((d) => d.sharelink_url !== sharelinkUrl) ?? null);
    return null;
  }, []);

  return { docs, allowance, isLoading, error, reload, add, remove };
}
