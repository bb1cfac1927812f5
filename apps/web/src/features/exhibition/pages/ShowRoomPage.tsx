import { Alert, Anchor, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { exhibitionListCall, type TExhibitionDoc } from "@vitrine/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { PageIntro } from "../../../ui/PageIntro";
import { ExhibitionCard } from "../components/ExhibitionCard";
import { HallIllustration } from "../components/HallIllustration";

type TState = { status: "loading" } | { status: "failed" } | { status: "ready"; docs: TExhibitionDoc[] };

/** `/ShowRoom`: the published exhibitions, open and upcoming first, then past ones. */
export default function ShowRoomPage() {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const lang = usePageLanguage();
  const [state, setState] = useState<TState>({ status: "loading" });

  useEffect(() => {
    let isLive = true;
    void api(exhibitionListCall, {}).then((res) => {
      if (isLive) setState(res.status ? { status: "ready", docs: res.data.docs } : { status: "failed" });
    });
    return () => {
      isLive = false;
    };
  }, []);

  const current = state.status === "ready" ? state.docs.filter((d) => d.state !== "closed") : [];
  const past = state.status === "ready" ? state.docs.filter((d) => d.state === "closed") : [];
  return (
    <PageIntro title={t("pageTitle")} lead={t("lead")}>
      {state.status === "loading" ? <Loader aria-label={tCodes("loading")} /> : null}
      {state.status === "failed" ? <Alert color="red">{tCodes("notProcessed")}</Alert> : null}
      {state.status === "ready" && current.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: "xs", sm: "md" }}>
          <Stack gap="sm" align="center" ta="center">
            <HallIllustration label={t("hallLabel")} />
            <Text fw={600}>{t("list.noneOpen")}</Text>
            <Text c="dimmed" size="sm">
              {t("list.noneOpenHint")}{" "}
              <Anchor component={Link} to="/Studio/user/booth" underline="always" inherit>
                {t("list.takeBooth")}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      ) : null}
      {current.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="showroom-open">
          <Title order={2} size="h3" id="showroom-open">
            {t("list.open")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {current.map((doc) => (
              <ExhibitionCard key={doc.exhibition_id} doc={doc} lang={lang} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
      {past.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="showroom-past">
          <Title order={2} size="h3" id="showroom-past">
            {t("list.past")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {past.map((doc) => (
              <ExhibitionCard key={doc.exhibition_id} doc={doc} lang={lang} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </PageIntro>
  );
}
