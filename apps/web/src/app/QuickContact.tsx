import { ActionIcon, Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { IconMail, IconPhone } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useClientConfig } from "../api/client-config";
import {
  isQuickContactVisible,
  QUICK_CONTACT_DESKTOP_BOTTOM,
  QUICK_CONTACT_MOBILE_BOTTOM,
  quickContactVariant,
} from "./quick-contact-rule";

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
 * with the support phone and e-mail on wider screens; hidden on the pages the spec lists.
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

  return (
    <Paper
      component="aside"
      shadow="lg"
      radius="lg"
      withBorder
      p="md"
      w={220}
      data-testid="quick-contact"
      data-variant="panel"
      aria-label={t("quick.title")}
      style={{ position: "fixed", right: 24, bottom: QUICK_CONTACT_DESKTOP_BOTTOM, zIndex: 150 }}
    >
      <Text fw={800} size="sm" c="brand.7" mb={8}>
        {t("quick.title")}
      </Text>
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <IconPhone size={16} aria-label={t("quick.phoneLabel")} />
          <Text size="sm" fw={600} data-testid="quick-contact-phone">
            {support.phone}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconMail size={16} aria-label={t("quick.emailLabel")} />
          <Anchor
            href={mailto}
            size="sm"
            data-testid="quick-contact-email"
            style={{ wordBreak: "break-all" }}
          >
            {support.email}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
