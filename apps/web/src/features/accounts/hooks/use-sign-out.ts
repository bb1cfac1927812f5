import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { signOut } from "../session-actions";

/** Signs out (server session ended, token forgotten) and goes to `/`; `isPending` while it runs. */
export function useSignOut(): { signOut: () => Promise<void>; isPending: boolean } {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await signOut();
    } finally {
      setPending(false);
    }
    await navigate("/");
  }, [navigate]);
  return { signOut: run, isPending };
}
