import { Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  adminBoothAssignCall,
  adminBoothFreeCall,
  adminBoothRemoveCall,
  adminExhibitionBoothsCall,
  type TBoothCard,
  type TCallOutput,
} from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";
import type { TLanguage } from "../../../stores/language";
import { boothName, categoryName, textIn } from "../lib/texts";

type TBooths = TCallOutput<typeof adminExhibitionBoothsCall>;

/** Props of {@link BoothSlotsAdmin}. */
export interface BoothSlotsAdminProps {
  exhibitionId: string;
  lang: TLanguage;
  onChanged: () => void;
}

/** One exhibition's booth requests and booths: assign, move and free slots, decline requests. */
export function BoothSlotsAdmin({ exhibitionId, lang, onChanged }: BoothSlotsAdminProps) {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const messageOf = useResultMessage();
  const [data, setData] = useState<TBooths | "loading" | "failed">("loading");
  const [targets, setTargets] = useState<Record<string, string | null>>({});
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await api(adminExhibitionBoothsCall, { exhibition_id: exhibitionId });
    setData(res.status ? res.data : "failed");
  }, [exhibitionId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (data === "loading") return <Loader aria-label={tCodes("loading")} />;
  if (data === "failed") return <Alert color="red">{tCodes("notProcessed")}</Alert>;

  const free = data.slots.filter((s) => s.booth_id === null);
  const act = async (
    run: () => Promise<{
      status: boolean;
      rescode: number;
      message?: string;
      transport?: "refused" | "failed";
    }>,
  ) => {
    setError(null);
    const res = await run();
    if (!res.status) {
      setError(messageOf(res as Parameters<typeof messageOf>[0]));
      return;
    }
    notifications.show({ color: "green", message: tCodes("adminDone") });
    await load();
    onChanged();
  };
  const slotPicker = (booth: TBoothCard) => (
    <Select
      size="xs"
      w={110}
      placeholder={t("admin.slot")}
      aria-label={t("admin.slotFor", { name: boothName(booth) })}
      data={free.map((s) => s.label)}
      value={targets[booth.booth_id] ?? null}
      onChange={(v) => setTargets((m) => ({ ...m, [booth.booth_id]: v }))}
      searchable
    />
  );
  const placeOf = (booth: TBoothCard) => {
    const label = targets[booth.booth_id];
    return free.find((s) => s.label === label) ?? null;
  };
  const rows = (booths: TBoothCard[], isRequest: boolean) =>
    booths.map((booth) => {
      const place = placeOf(booth);
      return (
        <Table.Tr key={booth.booth_id}>
          <Table.Td>
            <Text fw={600} size="sm">
              {boothName(booth)}
            </Text>
            <Text size="xs" c="dimmed">
              {booth.channel.channel_name}
              {booth.category ? ` · ${categoryName(data.doc.categories, booth.category, lang)}` : ""}
            </Text>
          </Table.Td>
          <Table.Td>
            {booth.slot ? (
              <Badge variant="outline">{booth.slot.label}</Badge>
            ) : (
              <Badge color="yellow">{t("studio.requested")}</Badge>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              {slotPicker(booth)}
              <Button
                size="xs"
                disabled={!place}
                onClick={() =>
                  place &&
                  void act(() =>
                    api(adminBoothAssignCall, {
                      booth_id: booth.booth_id,
                      slot: { aisle: place.aisle, index: place.index },
                    }),
                  )
                }
              >
                {isRequest ? t("admin.assign") : t("admin.move")}
              </Button>
              {isRequest ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void act(() => api(adminBoothRemoveCall, { booth_id: booth.booth_id }))}
                >
                  {t("admin.decline")}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="subtle"
                  color="orange"
                  onClick={() => void act(() => api(adminBoothFreeCall, { booth_id: booth.booth_id }))}
                >
                  {t("admin.free")}
                </Button>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      );
    });

  const requests = data.booths.filter((b) => b.status === "requested");
  const active = data.booths.filter((b) => b.status === "active");
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t("admin.boothsOf", { name: textIn(data.doc.name, lang) })}
      </Title>
      <Text size="sm" c="dimmed">
        {t("admin.slotsSummary", { free: free.length, total: data.slots.length, requests: requests.length })}
      </Text>
      {error ? <Alert color="red">{error}</Alert> : null}
      {data.booths.length === 0 ? (
        <Text c="dimmed">{t("admin.noBooths")}</Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflowX: "auto" }}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.booth")}</Table.Th>
                <Table.Th>{t("admin.slot")}</Table.Th>
                <Table.Th>{t("admin.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows(requests, true)}
              {rows(active, false)}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
