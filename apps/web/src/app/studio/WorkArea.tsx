import { ActionIcon, Badge, Box, Group } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../stores/ui";
import { LanguageSwitch } from "../../ui/LanguageSwitch";
import { Logo } from "../../ui/Logo";
import { StudioSidebar, type TSideMenuItem } from "./StudioSidebar";
import { StudioUserMenu } from "./StudioUserMenu";
import classes from "./studio.module.css";

/** Props of {@link WorkArea}. */
export interface WorkAreaProps {
  /** The side menu's entries. */
  items: readonly TSideMenuItem[];
  /** Where the entries' paths start. */
  basePath: string;
  /** The path of the section shown. */
  activePath: string;
  /** The side menu's accessible name. */
  menuLabel: string;
  /** A badge beside the logo (the console says it is the console). */
  badge?: string;
  /** The main area. */
  children: ReactNode;
}

/**
 * The frame of a signed-in work area (studio, operators' console): top bar with the sidebar
 * toggle, logo, language and account menu; the side menu (following the `sidebarShow` store on
 * wide screens, an icon rail on phones); the main area.
 */
export function WorkArea({ items, basePath, activePath, menuLabel, badge, children }: WorkAreaProps) {
  const { t } = useTranslation("studio");
  const sidebarShow = useUiStore((s) => s.sidebarShow);
  const toggleSidebar = useUiStore((s) => s.toggleSidebar);
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const isExpanded = sidebarShow && !isPhone;
  return (
    <div className={classes.root}>
      <header className={classes.topbar}>
        <Group gap="sm" wrap="nowrap">
          {isPhone ? null : (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleSidebar}
              aria-label={t("toggleSidebar")}
              aria-expanded={sidebarShow}
            >
              {sidebarShow ? <IconLayoutSidebarLeftCollapse /> : <IconLayoutSidebarLeftExpand />}
            </ActionIcon>
          )}
          <Logo size={18} />
          {badge ? (
            <Badge variant="light" color="grape">
              {badge}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          <StudioUserMenu isCompact={isPhone} />
        </Group>
      </header>
      <div className={classes.body}>
        <StudioSidebar
          items={items}
          basePath={basePath}
          activePath={activePath}
          menuLabel={menuLabel}
          isExpanded={isExpanded}
        />
        <Box component="main" className={classes.main}>
          {children}
        </Box>
      </div>
    </div>
  );
}
