import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { PageIntro } from "../../../ui/PageIntro";
import { PageTitle } from "../../../ui/PageTitle";
import { BoothFilters } from "../components/BoothFilters";
import { BoothList } from "../components/BoothList";
import { ExhibitionHall } from "../components/ExhibitionHall";
import type { THallController } from "../hall/HallView";
import { useHall } from "../hooks/use-hall";
import { filterBooths } from "../lib/filter";
import { periodOf, textIn } from "../lib/texts";

/**
 * `/ShowRoom/:exhibitionId`: one exhibition. The 3D hall, and below it the same booths as a plain
 * list (keyboard, screen readers, and where WebGL is missing). Search and the category filter
 * narrow the list and fly the hall to the first booth that matches.
 */
export default function ExhibitionPage() {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const lang = usePageLanguage();
  const { exhibitionId = "" } = useParams();
  const state = useHall(exhibitionId, lang);
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<string | null>(null);
  const hall = useRef<THallController | null>(null);
  const booths = useMemo(
    () => (state.status === "ready" ? filterBooths(state.data.booths, search, category) : []),
    [state, search, category],
  );

  const back = (
    <Button component={Link} to="/ShowRoom" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
      {t("hall.back")}
    </Button>
  );
  if (state.status !== "ready") {
    return (
      <PageIntro title={t("hall.title")}>
        {state.status === "loading" ? (
          <Loader aria-label={tCodes("loading")} />
        ) : (
          <Alert color="gray">{t("hall.notFound")}</Alert>
        )}
        <Group>{back}</Group>
      </PageIntro>
    );
  }
  const { doc } = state.data;
  const name = textIn(doc.name, lang);
  return (
    <Stack gap="lg" px={{ base: "sm", sm: "xl" }} py={{ base: "md", sm: "xl" }} maw={1400} mx="auto" w="100%">
      <Stack gap={6}>
        <Group>{back}</Group>
        <Group gap="sm" align="center">
          <PageTitle title={name} />
          <Badge
            variant="light"
            color={doc.state === "open" ? "green" : doc.state === "upcoming" ? "blue" : "gray"}
          >
            {t(`state.${doc.state}`)}
          </Badge>
        </Group>
        <Text c="dimmed">
          {periodOf(doc, lang)} · {t("list.booths", { count: doc.booth_count })}
        </Text>
        {textIn(doc.description, lang) ? <Text maw={820}>{textIn(doc.description, lang)}</Text> : null}
      </Stack>
      <BoothFilters
        search={search}
        onSearch={setSearch}
        category={category}
        onCategory={(key) => {
          setCategory(key);
          const first = filterBooths(state.data.booths, search, key)[0];
          if (first && key !== null) hall.current?.flyTo(first.booth_id);
        }}
        onFind={() => {
          if (booths[0]) hall.current?.flyTo(booths[0].booth_id);
        }}
        categories={doc.categories}
        lang={lang}
      />
      {state.data.booths.length > 0 ? (
        <ExhibitionHall doc={doc} name={name} booths={state.data.booths} controllerRef={hall} />
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="exhibition-booths">
        <Title order={2} size="h4" id="exhibition-booths">
          {t("hall.listTitle")}
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("hall.shown", { count: booths.length, total: state.data.booths.length })}
        </Text>
        <BoothList booths={booths} categories={doc.categories} lang={lang} />
      </Stack>
      <Text size="sm" c="dimmed">
        {t("hall.ownBooth")}{" "}
        <Anchor component={Link} to="/Studio/user/booth">
          {t("list.takeBooth")}
        </Anchor>
      </Text>
    </Stack>
  );
}
