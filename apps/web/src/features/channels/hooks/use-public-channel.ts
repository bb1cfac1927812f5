import {
  channelPublicCall,
  channelVisitCall,
  myChannelCall,
  type TPublicChannelDoc,
} from "@vitrine/contract";
import { useEffect, useRef, useState } from "react";
import { api } from "../../../api";
import { useSession } from "../../../stores/session";

/** What the channel page shows. */
export type TPublicChannelView =
  | { kind: "loading" }
  | { kind: "failed"; rescode: number }
  | { kind: "ready"; doc: TPublicChannelDoc; isTranslated: boolean };

/**
 * Counts the visit once per page load (the server's day cookie keeps it to once a day), then loads
 * the channel in `lang` (again when the language changes), and tells whether the signed-in owner
 * is looking at their own channel.
 */
export function usePublicChannel(
  id: string,
  lang: "en" | "ko",
): { view: TPublicChannelView; isMine: boolean } {
  const [view, setView] = useState<TPublicChannelView>({ kind: "loading" });
  const [isMine, setIsMine] = useState(false);
  const counted = useRef<string | null>(null);
  const isSignedIn = useSession((s) => s.accessToken !== null);

  useEffect(() => {
    let isLive = true;
    // The visit is counted first, so the page shows the views with this visit in them.
    const isFirst = counted.current !== id;
    counted.current = id;
    const visit = isFirst ? api(channelVisitCall, { user_channel_id: id }) : Promise.resolve(null);
    void visit
      .then(() => api(channelPublicCall, { user_channel_id: id, lang }))
      .then((res) => {
        if (!isLive) return;
        setView(
          res.status
            ? { kind: "ready", doc: res.data.doc, isTranslated: res.data.istranscheck }
            : { kind: "failed", rescode: res.rescode },
        );
      });
    return () => {
      isLive = false;
    };
  }, [id, lang]);

  useEffect(() => {
    if (!isSignedIn) return;
    let isLive = true;
    void api(myChannelCall, {}).then((res) => {
      if (isLive && res.status) setIsMine(res.data.doc?.user_channel_id === id);
    });
    return () => {
      isLive = false;
    };
  }, [id, isSignedIn]);

  return { view, isMine };
}
