import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Props of {@link Logo}. */
export interface LogoProps {
  /** Wordmark size in px. */
  size?: number;
  /** Where the logo links to. */
  to?: string;
}

/**
 * The Vitrine mark and wordmark, linking home. The link's name starts with the visible wordmark
 * ("Vitrine home"), so a voice user who says what they see reaches it.
 */
export function Logo({ size = 22, to = "/" }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      aria-label={t("nav.homeLink", { brand: t("brand") })}
      style={{ textDecoration: "none", color: "inherit" }}
    >
      <Group gap={8} wrap="nowrap">
        <img src="/logo.svg" alt="" width={size + 8} height={size + 8} />
        <Text component="span" fw={800} fz={size} lh={1} style={{ letterSpacing: "-0.02em" }}>
          {t("brand")}
        </Text>
      </Group>
    </Link>
  );
}
