import { Button, Menu, Stack, Text, UnstyledButton } from "@mantine/core";
import {
  IconChevronDown,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconUserCircle,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSession } from "../../../stores/session";
import { useCurrentUser } from "../../../stores/use-current-user";
import { useRequireLogin } from "../../../ui/use-require-login";
import { useSignOut } from "../hooks/use-sign-out";

/** Props of {@link HeaderAccount}. */
export interface HeaderAccountProps {
  /** Full-width buttons under each other (the phone menu) instead of the header's row. */
  isStacked?: boolean;
  /** Called when the user picks something (closes the phone menu). */
  onNavigate?: () => void;
}

const STUDIO_PATH = "/Studio/user";

/**
 * The header's account corner: a visitor sees "Studio" (which asks them to sign in) and
 * "Sign in"; a signed-in user sees their e-mail with the studio, account and sign-out.
 */
export function HeaderAccount({ isStacked = false, onNavigate }: HeaderAccountProps) {
  const { t } = useTranslation("accounts");
  const isSignedIn = useSession((s) => s.accessToken !== null);
  const requireLogin = useRequireLogin();
  const { signOut, isPending } = useSignOut();
  const { user } = useCurrentUser();
  const handleSignOut = () => {
    onNavigate?.();
    void signOut();
  };

  if (!isSignedIn) {
    const studio = (
      <Button
        variant="default"
        radius="xl"
        size="sm"
        fullWidth={isStacked}
        onClick={() => {
          onNavigate?.();
          requireLogin(STUDIO_PATH);
        }}
      >
        {t("header.studio")}
      </Button>
    );
    const signIn = (
      <Button component={Link} to="/login" radius="xl" size="sm" fullWidth={isStacked} onClick={onNavigate}>
        {t("header.signIn")}
      </Button>
    );
    return isStacked ? (
      <Stack gap="xs">
        {studio}
        {signIn}
      </Stack>
    ) : (
      <>
        {studio}
        {signIn}
      </>
    );
  }

  const email = user?.email_id ?? "";
  if (isStacked) {
    return (
      <Stack gap="xs">
        {email ? (
          <Text size="sm" c="dimmed" truncate="end" data-testid="header-user-email">
            {t("header.signedInAs", { email })}
          </Text>
        ) : null}
        <Button component={Link} to={STUDIO_PATH} radius="xl" size="sm" fullWidth onClick={onNavigate}>
          {t("header.studio")}
        </Button>
        <Button variant="default" radius="xl" size="sm" fullWidth onClick={handleSignOut} loading={isPending}>
          {t("header.signOut")}
        </Button>
      </Stack>
    );
  }
  return (
    <>
      <Button
        component={Link}
        to={STUDIO_PATH}
        radius="xl"
        size="sm"
        leftSection={<IconLayoutDashboard size={16} />}
      >
        {t("header.studio")}
      </Button>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t("header.accountMenu")} data-testid="header-account-menu">
            <Stack gap={0} align="flex-end">
              <Text size="sm" fw={600} maw={200} truncate="end" data-testid="header-user-email">
                <IconUserCircle size={18} style={{ verticalAlign: "-4px", marginRight: 4 }} aria-hidden />
                {email || t("header.account")}
                <IconChevronDown size={14} style={{ verticalAlign: "-2px", marginLeft: 2 }} aria-hidden />
              </Text>
            </Stack>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {email ? <Menu.Label>{t("header.signedInAs", { email })}</Menu.Label> : null}
          <Menu.Item component={Link} to={`${STUDIO_PATH}/account`} leftSection={<IconSettings size={16} />}>
            {t("header.account")}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={handleSignOut}>
            {t("header.signOut")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
