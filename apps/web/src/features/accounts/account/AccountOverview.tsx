import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { TUserInfo } from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../i18n";
import { planKey } from "../../../i18n/plan-keys";
import { planSummary } from "./plan-summary";

/** Props of {@link AccountOverview}. */
export interface AccountOverviewProps {
  /** The signed-in user's info. */
  user: TUserInfo;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text component="div" size="sm" data-testid={testId} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The account's e-mail with its verification, and the plan: name, period, status, expiry, trial. */
export function AccountOverview({ user }: AccountOverviewProps) {
  const { t, i18n } = useTranslation("accounts");
  const { t: tPlans } = useTranslation("plans");
  const summary = planSummary(user, currentLanguage());
  const trial = summary.trial;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" key={i18n.language}>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("account.profileTitle")}
          </Title>
          <Row label={t("account.emailId")} testId="account-email-id">
            {user.email_id}
          </Row>
          <Row label={t("account.email")}>
            <Group gap="xs" wrap="wrap">
              <span data-testid="account-email">{user.email}</span>
              <Badge variant="light" color={user.email_verified ? "teal" : "orange"} size="sm">
                {user.email_verified ? t("account.verified") : t("account.unverified")}
              </Badge>
            </Group>
          </Row>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("account.planTitle")}
          </Title>
          <SimpleGrid cols={2} spacing="md">
            <Row label={t("account.plan")} testId="account-plan">
              {tPlans(planKey(summary.nameKey))}
            </Row>
            <Row label={t("account.period")}>
              {summary.period === null ? t("account.none") : tPlans(`period.${summary.period}`)}
            </Row>
            <Row label={t("account.status")}>
              <Badge variant="light" color={summary.isSubscribed ? "teal" : "gray"} size="sm">
                {summary.isSubscribed ? t("account.subscribed") : t("account.notSubscribed")}
              </Badge>
            </Row>
            <Row label={t("account.expires")}>{summary.expiresAt ?? t("account.none")}</Row>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t("account.limits", { level: t(`account.levels.${summary.level}`) })}
          </Text>
          <Paper
            radius="md"
            p="sm"
            bg={trial.state === "active" ? "indigo.0" : "gray.0"}
            data-testid="account-trial"
          >
            {trial.state === "active" ? (
              <Text size="sm" fw={600} c="indigo.9">
                {t("account.trialActive", { count: trial.daysLeft })}
                {trial.endsAt ? ` ${t("account.trialEnds", { date: trial.endsAt })}` : ""}
              </Text>
            ) : trial.state === "ended" ? (
              <Text size="sm">{t("account.trialEnded", { date: trial.endedAt })}</Text>
            ) : (
              <Text size="sm">{t("account.trialNone")}</Text>
            )}
          </Paper>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
