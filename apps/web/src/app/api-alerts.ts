/** Connects the API client's session rules to the UI: outage alert, apology, navigation home. */
import { notifications } from "@mantine/notifications";
import { configureApi } from "../api";
import { i18n } from "../i18n";

/** Installs the UI side of the API rules; `navigate` is the router's. */
export function installApiAlerts(navigate: (to: string) => void): void {
  configureApi({
    goHome: () => navigate("/"),
    onOutage: () => {
      // One alert at a time, however many calls fail together.
      notifications.hide("outage");
      notifications.show({
        id: "outage",
        color: "red",
        title: i18n.t("errors.outage.title"),
        message: i18n.t("serviceUnavailable", { ns: "codes" }),
        autoClose: 8000,
      });
    },
    onUserNotFound: () => {
      // SPEC §8: the apology is in Korean whatever the language; English readers get their words beside it.
      const korean = i18n.getFixedT("ko", "codes")("userNotFound");
      const english = i18n.getFixedT("en", "codes")("userNotFound");
      notifications.show({
        id: "user-not-found",
        color: "orange",
        message: i18n.resolvedLanguage === "en" ? `${korean} (${english})` : korean,
      });
    },
  });
}
