import { NavLink, Stack, Tooltip } from "@mantine/core";
import { IconBox, IconBuildingStore, IconChartBar, IconLink, IconUserCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./studio.module.css";

/** The studio's sections, in menu order; `path` is the part after `/Studio/user/`. */
export const STUDIO_MENU = [
  { path: "contents", key: "menu.contents", Icon: IconBox },
  { path: "channel", key: "menu.channel", Icon: IconBuildingStore },
  { path: "sharelinks", key: "menu.shareLinks", Icon: IconLink },
  { path: "analytics", key: "menu.analytics", Icon: IconChartBar },
  { path: "account", key: "menu.account", Icon: IconUserCircle },
] as const;

/** A studio section. */
export type TStudioSection = (typeof STUDIO_MENU)[number];

/** Props of {@link StudioSidebar}. */
export interface StudioSidebarProps {
  /** The section shown in the main area. */
  active: TStudioSection;
  /** Full menu with labels, or an icon rail. */
  isExpanded: boolean;
}

/** The studio's left menu: labels when expanded, icons with tooltips when collapsed. */
export function StudioSidebar({ active, isExpanded }: StudioSidebarProps) {
  const { t } = useTranslation("studio");
  return (
    <nav
      className={classes.sidebar}
      data-collapsed={isExpanded ? undefined : true}
      aria-label={t("menuLabel")}
    >
      <Stack gap={4}>
        {STUDIO_MENU.map((item) => {
          const label = t(item.key);
          const link = (
            <NavLink
              key={item.path}
              component={Link}
              to={`/Studio/user/${item.path}`}
              active={item.path === active.path}
              aria-current={item.path === active.path ? "page" : undefined}
              label={isExpanded ? label : undefined}
              aria-label={isExpanded ? undefined : label}
              leftSection={<item.Icon size={20} stroke={1.7} />}
              variant="light"
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          );
          return isExpanded ? (
            link
          ) : (
            <Tooltip key={item.path} label={label} position="right" withArrow>
              {link}
            </Tooltip>
          );
        })}
      </Stack>
    </nav>
  );
}
