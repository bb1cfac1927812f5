import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  adminExhibitionCreateCall,
  adminExhibitionListCall,
  adminExhibitionPublishCall,
  adminExhibitionUpdateCall,
  type TCallOutput,
  type TExhibitionDoc,
  type TExhibitionInput,
} from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { useChannelFieldMessage } from "../../../api/channel-field-message";
import { fieldErrorsOf } from "../../../api/result-message";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { useResultMessage } from "../../../i18n/use-messages";
import { periodOf, textIn } from "../lib/texts";
import { BoothSlotsAdmin } from "./BoothSlotsAdmin";
import { ExhibitionForm } from "./ExhibitionForm";

type TList = TCallOutput<typeof adminExhibitionListCall>["docs"];

/**
 * Console: exhibitions (every one, published or not, past ones too): create and edit them,
 * publish or unpublish, and manage one exhibition's booth requests and slots.
 */
export default function ExhibitionsAdmin() {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const lang = usePageLanguage();
  const fieldMessage = useChannelFieldMessage();
  const messageOf = useResultMessage();
  const [list, setList] = useState<TList | "loading" | "failed">("loading");
  const [editing, setEditing] = useState<TExhibitionDoc | "new" | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [managing, setManaging] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await api(adminExhibitionListCall, {});
    setList(res.status ? res.data.docs : "failed");
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (input: TExhibitionInput) => {
    setIsSaving(true);
    setErrors({});
    setFailure(null);
    const res =
      editing === "new" || editing === null
        ? await api(adminExhibitionCreateCall, input)
        : await api(adminExhibitionUpdateCall, { exhibition_id: editing.exhibition_id, exhibition: input });
    setIsSaving(false);
    if (res.status) {
      notifications.show({ color: "green", message: tCodes("exhibitionSaved") });
      setEditing(null);
      await load();
      return;
    }
    const fields = fieldErrorsOf(res);
    setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldMessage(v)])));
    setFailure(messageOf(res));
  };
  const publish = async (doc: TExhibitionDoc, published: boolean) => {
    const res = await api(adminExhibitionPublishCall, { exhibition_id: doc.exhibition_id, published });
    if (res.status) await load();
    else setFailure(messageOf(res));
  };

  if (list === "loading") return <Loader aria-label={tCodes("loading")} />;
  if (list === "failed") return <Alert color="red">{tCodes("notProcessed")}</Alert>;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed">{t("admin.intro")}</Text>
        <Button onClick={() => setEditing("new")} data-testid="exhibition-new">
          {t("admin.new")}
        </Button>
      </Group>
      {failure && editing === null ? <Alert color="red">{failure}</Alert> : null}
      <Paper withBorder radius="md" style={{ overflowX: "auto" }}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("admin.name")}</Table.Th>
              <Table.Th>{t("admin.period")}</Table.Th>
              <Table.Th>{t("admin.status")}</Table.Th>
              <Table.Th>{t("admin.boothsCol")}</Table.Th>
              <Table.Th>{t("admin.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">{t("admin.none")}</Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {list.map((doc) => (
              <Table.Tr key={doc.exhibition_id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {textIn(doc.name, lang)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{periodOf(doc, lang)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge variant="light" color={doc.published ? "green" : "gray"}>
                      {doc.published ? t("admin.published") : t("admin.draft")}
                    </Badge>
                    <Badge variant="outline" color="gray">
                      {t(`state.${doc.state}`)}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {doc.booth_count} / {doc.slot_count}
                    {doc.request_count > 0 ? ` · ${t("admin.requests", { count: doc.request_count })}` : ""}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="default" onClick={() => setEditing(doc)}>
                      {t("admin.edit")}
                    </Button>
                    <Button
                      size="xs"
                      variant={doc.published ? "default" : "filled"}
                      onClick={() => void publish(doc, !doc.published)}
                    >
                      {doc.published ? t("admin.unpublish") : t("admin.publish")}
                    </Button>
                    <Button size="xs" variant="light" onClick={() => setManaging(doc.exhibition_id)}>
                      {t("admin.manageBooths")}
                    </Button>
                    {doc.published ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        component={Link}
                        to={`/ShowRoom/${doc.exhibition_id}`}
                        target="_blank"
                      >
                        {t("admin.view")}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {managing ? (
        <BoothSlotsAdmin key={managing} exhibitionId={managing} lang={lang} onChanged={() => void load()} />
      ) : null}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? t("admin.new") : t("admin.edit")}
        size="xl"
        fullScreen={typeof window !== "undefined" && window.innerWidth < 600}
      >
        {editing !== null ? (
          <Stack gap="sm">
            {failure ? <Alert color="red">{failure}</Alert> : null}
            <ExhibitionForm
              doc={editing === "new" ? null : editing}
              lang={lang}
              isSaving={isSaving}
              errors={errors}
              onSubmit={(input) => void save(input)}
              onCancel={() => setEditing(null)}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
