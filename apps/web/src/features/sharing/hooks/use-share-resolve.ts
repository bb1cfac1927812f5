import {
  CODES,
  shareLinkResolveCall,
  type TCallResult,
  type TSharedDoc,
  ZShareLinkUrl,
} from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api";

/** What the share page shows for a link. */
export type TShareView =
  | { kind: "loading" }
  | { kind: "content"; doc: Extract<TSharedDoc, { kind: "content" }> }
  | { kind: "sealed"; doc: Extract<TSharedDoc, { kind: "sealed" }> }
  | { kind: "password" }
  | { kind: "monthlyLimit" }
  | { kind: "notFound" }
  | { kind: "failed"; result: TCallResult<unknown> };

/** Reads a resolve answer into what the page shows. */
export function viewOf(res: TCallResult<{ doc: TSharedDoc }>): TShareView {
  if (res.status) {
    const { doc } = res.data;
    return doc.kind === "content" ? { kind: "content", doc } : { kind: "sealed", doc };
  }
  switch (res.rescode) {
    case CODES.sharePasswordRequired.rescode:
      return { kind: "password" };
    case CODES.shareLinkMonthlyLimit.rescode:
      return { kind: "monthlyLimit" };
    case CODES.notFound.rescode:
    case CODES.validation.rescode:
      return { kind: "notFound" };
    default:
      return { kind: "failed", result: res };
  }
}

/**
 * Resolves `/share/:id` once (and again on `resolve()`, after a password was given). An id that
 * cannot be a link is "not found" without asking the server.
 */
export function useShareResolve(id: string): { view: TShareView; resolve: () => Promise<void> } {
  const [view, setView] = useState<TShareView>({ kind: "loading" });
  const generation = useRef(0);

  const resolve = useCallback(async () => {
    const mine = ++generation.current;
    const parsed = ZShareLinkUrl.safeParse(id);
    if (!parsed.success) {
      setView({ kind: "notFound" });
      return;
    }
    setView({ kind: "loading" });
    const res = await api(shareLinkResolveCall, { sharelink_url: parsed.data });
    if (mine === generation.current) setView(viewOf(res));
  }, [id]);

  useEffect(() => {
    void resolve();
  }, [resolve]);

  return { view, resolve };
}
