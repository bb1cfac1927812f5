import { Badge, Indicator, NavLink, Stack, Tooltip } from "@mantine/core";
import type { TablerIcon } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./studio.module.css";

/** One entry of a side menu. */
export interface TSideMenuItem {
  /** The part after `basePath`. */
  readonly path: string;
  /** The label, translated. */
  readonly label: string;
  readonly Icon: TablerIcon;
  /** Something waiting there (new inquiries): a count beside the label or a dot on the icon. */
  readonly badge?: { count: number; label: string } | null;
}

/** Props of {@link StudioSidebar}. */
export interface StudioSidebarProps {
  /** The entries, in order. */
  items: readonly TSideMenuItem[];
  /** Where the entries' paths start (`/Studio/user/`, `/Studio/admin/`). */
  basePath: string;
  /** The path of the section shown in the main area. */
  activePath: string;
  /** The menu's accessible name. */
  menuLabel: string;
  /** Full menu with labels, or an icon rail. */
  isExpanded: boolean;
}

/** A work area's left menu (studio, console): labels when expanded, icons with tooltips when collapsed. */
export function StudioSidebar({ items, basePath, activePath, menuLabel, isExpanded }: StudioSidebarProps) {
  return (
    <nav className={classes.sidebar} data-collapsed={isExpanded ? undefined : true} aria-label={menuLabel}>
      <Stack gap={4}>
        {items.map((item) => {
          const badge = item.badge && item.badge.count > 0 ? item.badge : null;
          // The count is part of the entry's name, so a screen reader hears it too.
          const name = badge ? `${item.label}, ${badge.label}` : item.label;
          const icon = <item.Icon key="icon" size={20} stroke={1.7} />;
          const link = (
            <NavLink
              key={item.path}
              component={Link}
              to={`${basePath}${item.path}`}
              active={item.path === activePath}
              aria-current={item.path === activePath ? "page" : undefined}
              label={isExpanded ? item.label : undefined}
              aria-label={badge || !isExpanded ? name : undefined}
              leftSection={
                badge && !isExpanded ? (
                  <Indicator size={9} color="red" offset={2} data-testid={`menu-badge-${item.path}`}>
                    {icon}
                  </Indicator>
                ) : (
                  icon
                )
              }
              rightSection={
                badge && isExpanded ? (
                  <Badge
                    size="sm"
                    color="red"
                    circle={badge.count < 10}
                    data-testid={`menu-badge-${item.path}`}
                  >
                    {badge.count > 99 ? "99+" : badge.count}
                  </Badge>
                ) : undefined
              }
              variant="light"
              style={{ borderRadius: "var(--mantine-radius-md)" }}
            />
          );
          return isExpanded ? (
            link
          ) : (
            <Tooltip key={item.path} label={name} position="right" withArrow>
              {link}
            </Tooltip>
          );
        })}
      </Stack>
    </nav>
  );
}
