import { exhibitionHallCall, type TCallOutput, type TExhibitionLang } from "@vitrine/contract";
import { useEffect, useState } from "react";
import { api } from "../../../api";

/** A published exhibition with its slots and booths. */
export type THallData = TCallOutput<typeof exhibitionHallCall>;

/** Loading, not found (or unpublished), or the exhibition's hall. */
export type THallState = { status: "loading" } | { status: "failed" } | { status: "ready"; data: THallData };

/** Reads an exhibition's hall in the page's language. */
export function useHall(exhibitionId: string, lang: TExhibitionLang): THallState {
  const [state, setState] = useState<THallState>({ status: "loading" });
  useEffect(() => {
    let isLive = true;
    setState({ status: "loading" });
    void api(exhibitionHallCall, { exhibition_id: exhibitionId, lang }).then((res) => {
      if (isLive) setState(res.status ? { status: "ready", data: res.data } : { status: "failed" });
    });
    return () => {
      isLive = false;
    };
  }, [exhibitionId, lang]);
  return state;
}
