/**
 * The studio menu's badge of new inquiries (issue 14): asked when the studio opens, on every
 * section change and every minute; the Connections section tells it at once when the owner
 * replies to or declines one.
 */
import { connectNewCountCall } from "@vitrine/contract";
import { useEffect, useState } from "react";
import { api } from "../../../api";

const EVENT = "vitrine:new-connections";
/** How often the badge asks while the studio stays open. */
const REFRESH_MS = 60_000;

/** Tells the badge how many inquiries are new now (the Connections section, after a change). */
export function announceNewConnections(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: count }));
}

/** How many of the owner's inquiries are new; asked again when `section` changes. */
export function useNewConnections(section: string): number {
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `section` only asks again when it changes.
  useEffect(() => {
    let isLive = true;
    const ask = () =>
      void api(connectNewCountCall, {}).then((res) => {
        if (isLive && res.status) setCount(res.data.new_count);
      });
    ask();
    const timer = window.setInterval(ask, REFRESH_MS);
    const onAnnounce = (event: Event) => setCount((event as CustomEvent<number>).detail);
    window.addEventListener(EVENT, onAnnounce);
    return () => {
      isLive = false;
      window.clearInterval(timer);
      window.removeEventListener(EVENT, onAnnounce);
    };
  }, [section]);
  return count;
}
