import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { RouterProvider } from "react-router";
import { router } from "../routes";
import { Boot } from "./Boot";
import { cssVariablesResolver, theme } from "./theme";

/** The whole app: theme, modals, notifications, then the router once the client config is in. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="top-center" zIndex={1000} />
        <Boot>
          <RouterProvider router={router} />
        </Boot>
      </ModalsProvider>
    </MantineProvider>
  );
}
