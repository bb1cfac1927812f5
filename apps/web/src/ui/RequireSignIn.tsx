import { type ReactNode, useRef } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../stores/session";

/** Props of {@link RequireSignIn}. */
export interface RequireSignInProps {
  /** What only a signed-in user sees. */
  children: ReactNode;
}

/**
 * Shows its children to a signed-in user; sends a visitor to `/login`, which brings them back.
 * A session that ends while the page is open (sign-out, 403) goes to `/` (SPEC §4), not to the
 * sign-in page.
 */
export function RequireSignIn({ children }: RequireSignInProps) {
  const isSignedIn = useSession((s) => s.accessToken !== null);
  const wasSignedIn = useRef(isSignedIn);
  const location = useLocation();
  if (isSignedIn) {
    wasSignedIn.current = true;
    return children;
  }
  if (wasSignedIn.current) return <Navigate to="/" replace />;
  return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
}
