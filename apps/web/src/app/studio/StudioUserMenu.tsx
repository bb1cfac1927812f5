import { ActionIcon, Button, Menu, Text } from "@mantine/core";
import { IconChevronDown, IconHome, IconLogout, IconSettings, IconUserCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignOut } from "../../features/accounts/hooks/use-sign-out";
import { useCurrentUser } from "../../stores/use-current-user";

/** Props of {@link StudioUserMenu}. */
export interface StudioUserMenuProps {
  /** An icon only (phones) instead of the e-mail. */
  isCompact: boolean;
}

/** The studio's account menu: the signed-in e-mail, the account page, the site, sign-out. */
export function StudioUserMenu({ isCompact }: StudioUserMenuProps) {
  const { t } = useTranslation("studio");
  const { user } = useCurrentUser();
  const { signOut } = useSignOut();
  const email = user?.email_id ?? "";

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        {isCompact ? (
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("userMenu.label")}>
            <IconUserCircle />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconUserCircle size={18} />}
            rightSection={<IconChevronDown size={14} />}
            aria-label={t("userMenu.label")}
            data-testid="studio-user-email"
          >
            <Text component="span" size="sm" fw={600} truncate="end" maw={240} display="block">
              {email || t("userMenu.account")}
            </Text>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {email ? <Menu.Label style={{ overflowWrap: "anywhere" }}>{email}</Menu.Label> : null}
        <Menu.Item component={Link} to="/Studio/user/account" leftSection={<IconSettings size={16} />}>
          {t("userMenu.account")}
        </Menu.Item>
        <Menu.Item component={Link} to="/" leftSection={<IconHome size={16} />}>
          {t("userMenu.site")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          {t("userMenu.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
