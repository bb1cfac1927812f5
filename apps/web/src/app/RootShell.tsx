import { useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigate } from "react-router";
import { installApiAlerts } from "./api-alerts";
import { QuickContact } from "./QuickContact";
import { pageTiming } from "./start";

/** The root route: global widgets and per-route effects around every page. */
export function RootShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    installApiAlerts((to) => {
      void navigate(to);
    });
  }, [navigate]);

  useEffect(() => {
    pageTiming.enter(pathname);
  }, [pathname]);

  return (
    <>
      <Outlet />
      <QuickContact />
      <ScrollRestoration />
    </>
  );
}
