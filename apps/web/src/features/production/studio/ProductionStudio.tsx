/**
 * The studio's Production section: the owner's requests with their status and history, the
 * quote to accept or decline, messages to the team, the delivered model's link, and the form
 * for a new request (`?new=1` opens it, e.g. from the editor's motion panel or `/price`).
 */
import { Alert, Button, Group, Loader, Stack, Text, Textarea } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import {
  PRODUCTION_KINDS,
  productionListCall,
  productionMessageCall,
  productionRespondCall,
  type TProductionDoc,
  type TProductionKind,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { api } from "../../../api";
import { useCall } from "../../../api/use-call";
import { useResultMessage } from "../../../i18n/use-messages";
import { RequestView } from "../components/RequestView";
import { RequestForm } from "./RequestForm";

function OwnerActions({ doc, onChanged }: { doc: TProductionDoc; onChanged(): void }) {
  const { t } = useTranslation("production");
  const message = useResultMessage();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const respond = async (accept: boolean) => {
    setBusy(accept ? "accept" : "decline");
    const res = await api(productionRespondCall, { request_id: doc.id, accept });
    setBusy(null);
    if (res.status) onChanged();
    else setFailure(message(res));
  };
  const send = async () => {
    if (text.trim() === "") return;
    setBusy("message");
    const res = await api(productionMessageCall, { request_id: doc.id, text });
    setBusy(null);
    if (res.status) {
      setText("");
      onChanged();
    } else setFailure(message(res));
  };
  return (
    <Stack gap="xs">
      {failure ? (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      ) : null}
      {doc.status === "quoted" ? (
        <Group gap="xs">
          <Button onClick={() => void respond(true)} loading={busy === "accept"}>
            {t("owner.accept")}
          </Button>
          <Button variant="default" onClick={() => void respond(false)} loading={busy === "decline"}>
            {t("owner.decline")}
          </Button>
        </Group>
      ) : null}
      {doc.status !== "closed" ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            aria-label={t("owner.messageLabel")}
            placeholder={t("owner.messageLabel")}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={2000}
            style={{ flex: 1 }}
          />
          <Button variant="light" onClick={() => void send()} loading={busy === "message"}>
            {t("owner.send")}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** The Production section. */
export default function ProductionStudio() {
  const { t } = useTranslation("production");
  const [params, setParams] = useSearchParams();
  const isNew = params.get("new") === "1";
  const kindParam = params.get("kind");
  const initialKind = (PRODUCTION_KINDS as readonly string[]).includes(kindParam ?? "")
    ? (kindParam as TProductionKind)
    : null;
  const { data, isLoading, reload } = useCall(productionListCall, {});
  const [created, setCreated] = useState(false);
  const docs = data?.docs ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" maw={640}>
          {t("studio.intro")}{" "}
          <Text component={Link} to="/price#model-prices" c="blue" inherit>
            {t("studio.prices")}
          </Text>
        </Text>
        {!isNew ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setParams({ new: "1" })}>
            {t("studio.new")}
          </Button>
        ) : null}
      </Group>
      {created ? (
        <Alert color="teal" withCloseButton onClose={() => setCreated(false)}>
          {t("studio.created")}
        </Alert>
      ) : null}
      {isNew ? (
        <RequestForm
          initialKind={initialKind}
          onCancel={() => setParams({})}
          onCreated={() => {
            setCreated(true);
            setParams({});
            reload();
          }}
        />
      ) : null}
      {isLoading && !data ? <Loader /> : null}
      {data && docs.length === 0 && !isNew ? <Text c="dimmed">{t("studio.empty")}</Text> : null}
      {docs.map((doc) => (
        <RequestView
          key={doc.id}
          doc={doc}
          extra={
            doc.content_id ? (
              <Group>
                <Button
                  component={Link}
                  to={`/Studio/user/contents/${doc.content_id}`}
                  variant="light"
                  color="teal"
                  size="xs"
                >
                  {t("owner.openModel")}
                </Button>
              </Group>
            ) : null
          }
          actions={<OwnerActions doc={doc} onChanged={reload} />}
        />
      ))}
    </Stack>
  );
}
