import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import {
  adminAuditListCall,
  adminUserDetailCall,
  adminUserPlanCall,
  adminUserSuspendCall,
  adminUserTrialCall,
  PLAN_IDS,
  type TAdminUserDetail,
  type TPlanId,
} from "@vitrine/contract";
import { type ComponentType, type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCall } from "../../../api/use-call";
import { useLanguage } from "../../../i18n/use-messages";
import { dateFieldOf, endOfDayIso, useAdminAction, useAdminTime } from "../../../ui/console/admin-hooks";
import { ReasonField } from "../../../ui/console/ReasonField";
import { AuditEntries } from "./AuditEntries";
import { UserBadges } from "./UserBadges";

const DAY_MS = 86_400_000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div" style={{ wordBreak: "break-word" }}>
        {children}
      </Text>
    </Stack>
  );
}

function ActionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Sets the trial's end to a day (the end of that day in the reader's zone). */
function TrialForm({ user, onDone }: { user: TAdminUserDetail; onDone(doc: TAdminUserDetail): void }) {
  const { t } = useTranslation("admin");
  const lang = useLanguage();
  const action = useAdminAction();
  const base = user.trial && user.trial_ends_at ? Date.parse(user.trial_ends_at) : Date.now();
  const [day, setDay] = useState(dateFieldOf(new Date(base + 14 * DAY_MS), lang));
  const [reason, setReason] = useState("");
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const endsAt = endOfDayIso(day, lang);
    if (!endsAt) {
      action.setErrors({ trial_ends_at: t("users.trialInPast") });
      return;
    }
    if (reason.trim() === "") {
      action.setErrors({ reason: t("reason.required") });
      return;
    }
    const done = await action.run(adminUserTrialCall, {
      user_id: user.user_id,
      trial_ends_at: endsAt,
      reason,
    });
    if (done) {
      setReason("");
      onDone(done.doc);
    }
  };
  return (
    <ActionCard title={t("users.trialTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("users.trialHelp")}
          </Text>
          <TextInput
            type="date"
            label={t("users.trialEnd")}
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
            error={action.errors.trial_ends_at}
            required
          />
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group>
            <Button type="submit" loading={action.isBusy}>
              {t("users.trialSave")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionCard>
  );
}

/** Gives a plan by hand (through the server's one plan change), with an optional end. */
function PlanForm({ user, onDone }: { user: TAdminUserDetail; onDone(doc: TAdminUserDetail): void }) {
  const { t } = useTranslation("admin");
  const lang = useLanguage();
  const action = useAdminAction();
  const [plan, setPlan] = useState<TPlanId>(user.active_plane);
  const [day, setDay] = useState(
    user.plane_info.expires_at ? dateFieldOf(new Date(user.plane_info.expires_at), lang) : "",
  );
  const [reason, setReason] = useState("");
  const isPaid = plan !== "free";
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      action.setErrors({ reason: t("reason.required") });
      return;
    }
    const expires = isPaid && day ? endOfDayIso(day, lang) : null;
    const done = await action.run(adminUserPlanCall, {
      user_id: user.user_id,
      plan,
      plan_expires_at: expires,
      reason,
    });
    if (done) {
      setReason("");
      onDone(done.doc);
    }
  };
  return (
    <ActionCard title={t("users.planTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("users.planHelp")}
          </Text>
          <Select
            label={t("users.plan")}
            data={PLAN_IDS.map((id) => ({ value: id, label: t(`planNames.${id}`) }))}
            value={plan}
            onChange={(value) => value && setPlan(value as TPlanId)}
            allowDeselect={false}
          />
          {isPaid ? (
            <TextInput
              type="date"
              label={t("users.planEnd")}
              description={t("users.planEndHint")}
              value={day}
              onChange={(event) => setDay(event.currentTarget.value)}
              error={action.errors.plan_expires_at}
            />
          ) : null}
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group>
            <Button type="submit" loading={action.isBusy}>
              {t("users.planSave")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionCard>
  );
}

/** Suspends (sessions end, no sign-in) or restores the account. */
function SuspendForm({ user, onDone }: { user: TAdminUserDetail; onDone(doc: TAdminUserDetail): void }) {
  const { t } = useTranslation("admin");
  const action = useAdminAction();
  const [reason, setReason] = useState("");
  const isSuspending = !user.suspended;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      action.setErrors({ reason: t("reason.required") });
      return;
    }
    const done = await action.run(adminUserSuspendCall, {
      user_id: user.user_id,
      suspended: isSuspending,
      reason,
    });
    if (done) {
      setReason("");
      onDone(done.doc);
    }
  };
  return (
    <ActionCard title={isSuspending ? t("users.suspendTitle") : t("users.restoreTitle")}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {isSuspending ? t("users.suspendHelp") : t("users.restoreHelp")}
          </Text>
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group>
            <Button type="submit" color={isSuspending ? "red" : "teal"} loading={action.isBusy}>
              {isSuspending ? t("users.suspend") : t("users.restore")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionCard>
  );
}

/** Props of {@link UserDetail}. */
export interface UserDetailProps {
  userId: string;
  /** The account's payments, shown between the actions and the history (a slot: billing owns them). */
  Payments?: ComponentType<{ userId: string }>;
}

/** One account: its facts, the three actions, its payments and its audit history. */
export function UserDetail({ userId, Payments }: UserDetailProps) {
  const { t } = useTranslation(["admin", "common"]);
  const time = useAdminTime();
  const [params] = useSearchParams();
  const { data, error, isLoading, reload } = useCall(adminUserDetailCall, { user_id: userId });
  const history = useCall(adminAuditListCall, { page: 1, target_id: userId });
  const [fresh, setFresh] = useState<TAdminUserDetail | null>(null);
  const user = fresh ?? data?.doc ?? null;
  const onDone = (doc: TAdminUserDetail) => {
    setFresh(doc);
    history.reload();
  };
  const back = params.toString();

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={`/Studio/admin/users${back ? `?${back}` : ""}`} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          {t("users.back")}
        </Group>
      </Anchor>
      {error ? (
        <Alert color="red">
          {t("users.notFound")}{" "}
          <Anchor component="button" type="button" onClick={reload}>
            {t("retry")}
          </Anchor>
        </Alert>
      ) : null}
      {isLoading && !user ? <Loader aria-label={t("common:loading")} /> : null}
      {user ? (
        <>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Stack gap={6}>
                <Title order={2} size="h3" style={{ wordBreak: "break-all" }}>
                  {user.email_id}
                </Title>
                <UserBadges user={user} />
              </Stack>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                <Fact label={t("users.plan")}>{t(`planNames.${user.active_plane}`)}</Fact>
                <Fact label={t("users.paymentStatus")}>
                  {user.payment_status ? t("users.paid") : t("users.notPaid")}
                </Fact>
                <Fact label={t("users.planEnds")}>
                  {user.plane_info.expires_at ? time.day(user.plane_info.expires_at) : t("users.noEnd")}
                </Fact>
                <Fact label={t("users.trial")}>
                  {user.trial
                    ? t("users.trialUntil", { date: time.when(user.trial_ends_at) })
                    : user.trial_ends_at
                      ? t("users.trialEnded", { date: time.day(user.trial_ends_at) })
                      : t("users.noTrial")}
                </Fact>
                <Fact label={t("users.level")}>{t(`levels.${user.level}`)}</Fact>
                <Fact label={t("users.contents")}>{user.contents}</Fact>
                <Fact label={t("users.channel")}>
                  {user.channel ? (
                    <Anchor
                      component={Link}
                      to={`/Channel/${encodeURIComponent(user.channel.user_channel_id)}`}
                    >
                      {user.channel.channel_name}
                    </Anchor>
                  ) : (
                    t("users.noChannel")
                  )}
                </Fact>
                <Fact label={t("users.created")}>{time.when(user.created_at)}</Fact>
                <Fact label={t("users.status")}>
                  {user.suspended
                    ? t("users.suspendedSince", { date: time.when(user.suspended_at) })
                    : t("users.active")}
                </Fact>
              </SimpleGrid>
            </Stack>
          </Paper>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
            <TrialForm user={user} onDone={onDone} />
            <PlanForm user={user} onDone={onDone} />
            <SuspendForm user={user} onDone={onDone} />
          </SimpleGrid>
          {Payments ? <Payments userId={user.user_id} /> : null}
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} size="h4">
                {t("users.history")}
              </Title>
              <Anchor component={Link} to={`/Studio/admin/audit?target=${encodeURIComponent(user.user_id)}`}>
                {t("users.historyAll")}
              </Anchor>
            </Group>
            {history.data ? <AuditEntries docs={history.data.docs.slice(0, 5)} /> : null}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
