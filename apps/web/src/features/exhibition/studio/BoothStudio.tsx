import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import {
  contentListCall,
  myBoothsCall,
  type TBoothOwnerDoc,
  type TBoothProduct,
  type TCallOutput,
} from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { textIn } from "../lib/texts";
import { BoothEditor } from "./BoothEditor";
import { TakeBooth } from "./TakeBooth";

type TMine = TCallOutput<typeof myBoothsCall>;

/**
 * The studio's Booth section: the owner's booths (one chosen to dress), taking another within the
 * plan, and the way to a channel first when there is none.
 */
export default function BoothStudio() {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const lang = usePageLanguage();
  const [mine, setMine] = useState<TMine | "loading" | "failed">("loading");
  const [ready, setReady] = useState<TBoothProduct[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [res, contents] = await Promise.all([
      api(myBoothsCall, { lang }),
      api(contentListCall, { sort: "updated" }),
    ]);
    setMine(res.status ? res.data : "failed");
    if (contents.status) {
      setReady(
        contents.data.docs
          .filter((c) => c.status === "ready")
          .map((c) => ({ content_id: c.content_id, title: c.title, thumbnail_url: c.thumbnail_url })),
      );
    }
  }, [lang]);
  useEffect(() => {
    void load();
  }, [load]);

  if (mine === "loading") return <Loader aria-label={tCodes("loading")} />;
  if (mine === "failed") return <Alert color="red">{tCodes("notProcessed")}</Alert>;
  if (!mine.has_channel) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm" align="flex-start">
          <IconBuildingStore size={30} stroke={1.6} aria-hidden />
          <Text fw={600}>{t("studio.needChannel")}</Text>
          <Text c="dimmed">{t("studio.needChannelText")}</Text>
          <Button component={Link} to="/Studio/user/channel">
            {t("studio.createChannel")}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const { allowance } = mine;
  const current = mine.docs.find((d) => d.booth_id === chosen) ?? mine.docs[0] ?? null;
  const replace = (doc: TBoothOwnerDoc) =>
    setMine((m) =>
      typeof m === "object" ? { ...m, docs: m.docs.map((d) => (d.booth_id === doc.booth_id ? doc : d)) } : m,
    );
  return (
    <Stack gap="lg">
      <Text c="dimmed">{t("studio.lead")}</Text>
      <Group gap="lg">
        <Text size="sm" data-testid="booth-allowance">
          {t("studio.allowance", {
            used: allowance.booths_used,
            max: allowance.booths,
            products: allowance.products,
          })}
        </Text>
        <Button component={Link} to="/ShowRoom" variant="subtle" size="compact-sm">
          {t("studio.seeShowroom")}
        </Button>
      </Group>
      {mine.docs.length > 1 ? (
        <SegmentedControl
          value={current?.booth_id ?? ""}
          onChange={setChosen}
          data={mine.docs.map((d) => ({
            value: d.booth_id,
            label: `${textIn(d.exhibition.name, lang)}${d.slot ? ` · ${d.slot.label}` : ""}`,
          }))}
          style={{ maxWidth: "100%", overflowX: "auto" }}
        />
      ) : null}
      {current ? (
        <BoothEditor
          key={current.booth_id}
          doc={current}
          allowance={allowance}
          ready={ready}
          lang={lang}
          onSaved={replace}
          onDeleted={() => {
            setChosen(null);
            void load();
          }}
        />
      ) : null}
      <TakeBooth
        exhibitions={mine.exhibitions}
        lang={lang}
        isAtLimit={allowance.booths_used >= allowance.booths}
        onTaken={(doc) => {
          setChosen(doc.booth_id);
          void load();
        }}
      />
    </Stack>
  );
}
