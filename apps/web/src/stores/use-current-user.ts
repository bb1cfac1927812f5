import { useEffect } from "react";
import { useSession } from "./session";
import { type TUserInfoState, useUserInfo } from "./user-info";

/** The signed-in user's info, loaded on first use; `status` says whether it is there yet. */
export function useCurrentUser(): Pick<TUserInfoState, "user" | "status" | "load"> {
  const token = useSession((s) => s.accessToken);
  const user = useUserInfo((s) => s.user);
  const status = useUserInfo((s) => s.status);
  const load = useUserInfo((s) => s.load);
  useEffect(() => {
    if (token !== null && status === "idle") void load();
  }, [token, status, load]);
  return { user, status, load };
}
