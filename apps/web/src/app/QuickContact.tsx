import { ActionIcon, Stack } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useClientConfig } from "../api/client-config";
import {
  isFormPage,
  isQuickContactVisible,
  QUICK_CONTACT_MOBILE_BOTTOM,
  quickContactVariant,
} from "../lib/quick-contact-rule";
import { QuickPanel } from "./QuickPanel";

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const handleResize = () => setWidth(window.innerWidth);
    window.addEventListener("resize", handleResize);
    return () => window.removeEventListener("resize", handleResize);
  }, []);
  return width;
}

/**
 * The floating quick-contact widget (SPEC §2): call and mail buttons on phones, a "Quick" panel
 * with the support phone and e-mail on wider screens (it folds, see {@link QuickPanel}); hidden
 * on the pages the spec lists.
 */
export function QuickContact() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const width = useWindowWidth();
  const support = useClientConfig((s) => s.config?.support);
  if (!support || !isQuickContactVisible(pathname)) return null;
  const variant = quickContactVariant(width);
  const tel = `tel:${support.phone.replace(/[^\d+]/g, "")}`;
  const mailto = `mailto:${support.email}`;

  if (variant === "icons") {
    if (isFormPage(pathname)) return null;
    return (
      <Stack
        gap="sm"
        data-testid="quick-contact"
        data-variant="icons"
        style={{ position: "fixed", right: 16, bottom: QUICK_CONTACT_MOBILE_BOTTOM, zIndex: 150 }}
      >
        <ActionIcon
          component="a"
          href={tel}
          size={48}
          radius="xl"
          variant="filled"
          aria-label={t("quick.call")}
        >
          <IconPhone size={22} />
        </ActionIcon>
        <ActionIcon
          component="a"
          href={mailto}
          size={48}
          radius="xl"
          variant="white"
          style={{ boxShadow: "var(--mantine-shadow-md)" }}
          aria-label={t("quick.mail")}
        >
          <IconMail size={22} />
        </ActionIcon>
      </Stack>
    );
  }

  return <QuickPanel phone={support.phone} email={support.email} />;
}
