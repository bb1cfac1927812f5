import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { adminSuperAddCall, adminSuperListCall, adminSuperRemoveCall } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useCurrentUser } from "../../../stores/use-current-user";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ReasonField } from "../../../ui/console/ReasonField";

/** Adds a super account by e-mail: promotes that account, or creates it and mails a link. */
function AddSuper({ onDone }: { onDone(): void }) {
  const { t } = useTranslation("admin");
  const action = useAdminAction();
  const [email, setEmail] = useState("");
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (reason.trim() === "") {
      action.setErrors({ reason: t("reason.required") });
      return;
    }
    const done = await action.run(adminSuperAddCall, { email: email.trim(), reason });
    if (done) {
      setOutcome(
        done.outcome === "created"
          ? t("supers.created", { email: done.email_id })
          : t("supers.promoted", { email: done.email_id }),
      );
      setEmail("");
      setReason("");
      onDone();
    }
  };
  return (
    <Paper withBorder radius="md" p="md" maw={640}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("supers.addTitle")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("supers.addHelp")}
          </Text>
          <TextInput
            type="email"
            label={t("supers.email")}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={action.errors.email ? t("supers.emailInvalid") : undefined}
            maxLength={254}
            required
          />
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          {outcome ? <Alert color="teal">{outcome}</Alert> : null}
          <Group>
            <Button type="submit" loading={action.isBusy}>
              {t("supers.add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Asks the reason before taking super rights from an account. */
function RemoveSuper({ emailId, onClose, onDone }: { emailId: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation("admin");
  const action = useAdminAction();
  const [reason, setReason] = useState("");
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      action.setErrors({ reason: t("reason.required") });
      return;
    }
    const done = await action.run(adminSuperRemoveCall, { email_id: emailId, reason });
    if (done) onDone();
  };
  return (
    <Modal opened onClose={onClose} title={t("supers.removeTitle")} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t("supers.removeHelp", { email: emailId })}</Text>
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" color="red" loading={action.isBusy}>
              {t("supers.remove")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Console: the super accounts (SPEC §7 list call), add and remove (never the last one). */
export default function SuperAccountsSection() {
  const { t } = useTranslation(["admin", "common"]);
  const { user, load } = useCurrentUser();
  const { data, error, isLoading, reload } = useCall(adminSuperListCall, {});
  const [removing, setRemoving] = useState<string | null>(null);
  const emails = data?.docs.map((d) => d.email_id) ?? [];
  const isLast = emails.length <= 1;

  return (
    <Stack gap="md">
      <Text c="dimmed">{t("supers.intro")}</Text>
      {error ? <Alert color="red">{t("loadFailed")}</Alert> : null}
      {isLoading && !data ? <Loader aria-label={t("common:loading")} /> : null}
      {data ? (
        <Paper withBorder radius="md">
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("supers.email")}</Table.Th>
                <Table.Th w={1}>
                  <VisuallyHidden>{t("supers.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {emails.map((email) => (
                <Table.Tr key={email}>
                  <Table.Td style={{ wordBreak: "break-all" }}>
                    {email}
                    {email === user?.email_id ? (
                      <Text span c="dimmed" size="sm">
                        {" "}
                        {t("supers.you")}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      disabled={isLast}
                      title={isLast ? t("supers.lastOne") : undefined}
                      onClick={() => setRemoving(email)}
                      aria-label={t("supers.removeOne", { email })}
                    >
                      {t("supers.remove")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : null}
      {data && isLast ? (
        <Text size="sm" c="dimmed">
          {t("supers.lastOne")}
        </Text>
      ) : null}
      <AddSuper onDone={reload} />
      {removing ? (
        <RemoveSuper
          emailId={removing}
          onClose={() => setRemoving(null)}
          onDone={() => {
            const wasMe = removing === user?.email_id;
            setRemoving(null);
            if (wasMe) void load();
            else reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
