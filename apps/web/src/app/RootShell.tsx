import { useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigate } from "react-router";
import { ChatLauncher } from "../features/chat/ChatLauncher";
import { pageTiming } from "../lib/tracking/tab-timing";
import { NavigationProgress } from "../ui/NavigationProgress";
import { installApiAlerts } from "./api-alerts";
import { QuickContact } from "./QuickContact";

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
    // The share page names its content once the link resolves (rows carry the content id).
    pageTiming.enter(pathname, { awaitsContent: /^\/share\//i.test(pathname) });
  }, [pathname]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <QuickContact />
      <ChatLauncher />
      <ScrollRestoration />
    </>
  );
}
