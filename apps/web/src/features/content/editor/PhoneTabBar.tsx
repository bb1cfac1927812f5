import { Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./editor.module.css";
import { TABS, type TTab } from "./editor-tabs";

/** Props of {@link PhoneTabBar}. */
export interface PhoneTabBarProps {
  tab: TTab;
  isDrawerOpen: boolean;
  /** A tab was pressed: opens its sheet, or closes the sheet when it is the open one. */
  onPress(tab: TTab): void;
}

/** Phones: the panels as a bar of icons under the model. */
export function PhoneTabBar({ tab, isDrawerOpen, onPress }: PhoneTabBarProps) {
  const { t } = useTranslation("content");
  return (
    <nav className={classes.phoneBar} aria-label={t("tabs.label")}>
      {TABS.map(({ value, Icon }) => (
        <UnstyledButton
          key={value}
          className={classes.phoneTab}
          data-active={(isDrawerOpen && tab === value) || undefined}
          aria-pressed={isDrawerOpen && tab === value}
          onClick={() => onPress(value)}
        >
          <Icon size={20} aria-hidden />
          <Text fz="inherit" lh={1.2}>
            {t(`tabs.${value}`)}
          </Text>
        </UnstyledButton>
      ))}
    </nav>
  );
}
