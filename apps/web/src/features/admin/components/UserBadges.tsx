import { Badge, Group } from "@mantine/core";
import type { TAdminUserRow } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useAdminTime } from "../../../ui/console/admin-hooks";

/** Plan, trial and suspension of an account as small badges. */
export function UserBadges({ user }: { user: TAdminUserRow }) {
  const { t } = useTranslation("admin");
  const time = useAdminTime();
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={user.payment_status ? "teal" : "gray"}>
        {t(`planNames.${user.active_plane}`)}
      </Badge>
      {user.trial ? (
        <Badge variant="light" color="blue">
          {t("users.trialUntil", { date: time.day(user.trial_ends_at) })}
        </Badge>
      ) : null}
      {user.is_super ? (
        <Badge variant="light" color="grape">
          {t("users.super")}
        </Badge>
      ) : null}
      {user.suspended ? (
        <Badge variant="filled" color="red">
          {t("users.suspended")}
        </Badge>
      ) : null}
    </Group>
  );
}
