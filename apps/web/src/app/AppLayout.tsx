import {
  Anchor,
  Box,
  Burger,
  Container,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconMail, IconPhone } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { useClientConfig } from "../api/client-config";
import { HeaderAccount } from "../features/accounts/components/HeaderAccount";
import { isQuickContactVisible } from "../lib/quick-contact-rule";
import { LanguageSwitch } from "../ui/LanguageSwitch";
import { Logo } from "../ui/Logo";
import classes from "./app-layout.module.css";

/** Props of {@link AppLayout}. */
export interface AppLayoutProps {
  /** The page; defaults to the matched child route. */
  children?: ReactNode;
}

const NAV = [
  { to: "/price", key: "nav.price" },
  { to: "/Reference", key: "nav.reference" },
  { to: "/ShowCase/", key: "nav.showcase" },
  { to: "/ShowRoom", key: "nav.showroom" },
  { to: "/qnalist", key: "nav.qna" },
] as const;

function isActive(pathname: string, to: string): boolean {
  const base = to.replace(/\/$/, "").toLowerCase();
  const path = pathname.toLowerCase();
  if (base === "/qnalist") return path.startsWith("/qna");
  return path === base || path.startsWith(`${base}/`);
}

/** The frame of public pages: header (logo, menu, language switch, sign-in) and footer. */
export function AppLayout({ children }: AppLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const support = useClientConfig((s) => s.config?.support);

  const links = NAV.map((item) => (
    <Anchor
      key={item.to}
      component={Link}
      to={item.to}
      className={classes.link}
      data-active={isActive(pathname, item.to) || undefined}
      onClick={menu.close}
    >
      {t(item.key)}
    </Anchor>
  ));
  // Pages keep clear of the Quick widget's corner (app-layout.module.css) where it shows.
  const hasQuick = Boolean(support) && isQuickContactVisible(pathname);
  return (
    <Box className={classes.root} data-quick={hasQuick || undefined}>
      <header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            <Group component="nav" gap={4} visibleFrom="md" aria-label={t("nav.main")}>
              {links}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <LanguageSwitch />
              <Group visibleFrom="md" gap="sm" wrap="nowrap">
                <HeaderAccount />
              </Group>
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={t("nav.menu")}
              />
            </Group>
          </Group>
        </Container>
      </header>

      <Drawer opened={isMenuOpen} onClose={menu.close} size="xs" position="right" title={<Logo size={18} />}>
        <Stack gap="xs" component="nav" aria-label={t("nav.main")}>
          {links}
          <Divider my="sm" />
          <HeaderAccount isStacked onNavigate={menu.close} />
        </Stack>
      </Drawer>

      <main className={classes.main}>{children ?? <Outlet />}</main>

      <footer className={classes.footer}>
        <Container size="xl" py="xl">
          {/* Kept narrower than the container so the fixed Quick panel never covers a link. */}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" maw={880}>
            <Stack gap={6} maw={360}>
              <Logo size={18} />
              <Text size="sm" c="dimmed">
                {t("tagline")}
              </Text>
            </Stack>
            <Stack gap={6}>
              <Text size="sm" fw={700}>
                {t("footer.support")}
              </Text>
              {support?.phone ? (
                <Group gap={6} wrap="nowrap">
                  <IconPhone size={16} aria-hidden />
                  <Text size="sm" data-testid="footer-phone" title={t("footer.displayOnly")}>
                    {support.phone}
                  </Text>
                </Group>
              ) : null}
              {support?.email ? (
                <Group gap={6} wrap="nowrap">
                  <IconMail size={16} aria-hidden />
                  <Anchor size="sm" href={`mailto:${support.email}`} data-testid="footer-email">
                    {support.email}
                  </Anchor>
                </Group>
              ) : null}
            </Stack>
            <Stack gap={6}>
              <Anchor component={Link} to="/user_terms" size="sm" c="dimmed" data-testid="footer-terms">
                {t("footer.terms")}
              </Anchor>
              <Anchor component={Link} to="/price" size="sm" c="dimmed">
                {t("nav.price")}
              </Anchor>
              <Anchor component={Link} to="/qnalist" size="sm" c="dimmed">
                {t("nav.qna")}
              </Anchor>
            </Stack>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xl">
            {t("footer.rights", { year: new Date().getFullYear() })}
          </Text>
        </Container>
      </footer>
    </Box>
  );
}
