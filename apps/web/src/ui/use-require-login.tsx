import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useSession } from "../stores/session";

/**
 * Guards a protected action (SPEC §6): `requireLogin(to?)` answers true for a signed-in user;
 * for a visitor it opens the 'Login is required' dialog (sign in / cancel) and answers false.
 * Signing in from the dialog returns to `to`, or to the current page.
 */
export function useRequireLogin(): (to?: string) => boolean {
  const { t } = useTranslation("accounts");
  const { t: tCodes } = useTranslation("codes");
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to?: string) => {
      if (useSession.getState().accessToken !== null) return true;
      const from = to ?? `${location.pathname}${location.search}`;
      modals.openConfirmModal({
        modalId: "login-required",
        title: tCodes("loginRequired"),
        centered: true,
        children: <Text size="sm">{t("requireLogin.text")}</Text>,
        labels: { confirm: t("requireLogin.signIn"), cancel: t("requireLogin.cancel") },
        onConfirm: () => {
          void navigate("/login", { state: { from } });
        },
      });
      return false;
    },
    [t, tCodes, navigate, location.pathname, location.search],
  );
}
