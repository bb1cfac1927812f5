import { Card, Group, Loader, Stack, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { channelListCall, type TChannelCard, type TIndustry } from "@vitrine/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { useChannelLabels } from "../../../i18n/channel-labels";
import { PageIntro } from "../../../ui/PageIntro";
import classes from "../components/channel.module.css";
import { IndustryFilter } from "../components/IndustryFilter";

/** `/Reference`: channels with public contents, by industry, as use cases. */
export default function ReferencePage() {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const labels = useChannelLabels();
  const [industry, setIndustry] = useState<TIndustry | null>(null);
  const [docs, setDocs] = useState<TChannelCard[] | null | "failed">(null);
  useEffect(() => {
    let isLive = true;
    setDocs(null);
    void api(channelListCall, { lang: labels.lang, industry }).then((res) => {
      if (isLive) setDocs(res.status ? res.data.docs : "failed");
    });
    return () => {
      isLive = false;
    };
  }, [labels.lang, industry]);

  return (
    <PageIntro
      title={t("reference.pageTitle")}
      lead={t("reference.lead")}
      aside={<IndustryFilter value={industry} onChange={setIndustry} labels={labels} />}
    >
      {docs === null ? (
        <Loader aria-label={tCodes("loading")} />
      ) : docs === "failed" ? (
        <Text c="dimmed" role="alert">
          {tCodes("notProcessed")}
        </Text>
      ) : docs.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("reference.empty")}
        </Text>
      ) : (
        <ul className={classes.grid} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {docs.map((doc) => (
            <li key={doc.user_channel_id}>
              <Card withBorder radius="md" component={Link} to={`/Channel/${doc.user_channel_id}`} h="100%">
                <Card.Section>
                  {doc.cover_url ? (
                    <img src={doc.cover_url} alt="" className={classes.thumb} loading="lazy" />
                  ) : (
                    <div className={classes.thumb} aria-hidden />
                  )}
                </Card.Section>
                <Group gap="sm" mt="sm" wrap="nowrap">
                  {doc.logo_url ? (
                    <img
                      src={doc.logo_url}
                      alt=""
                      width={36}
                      height={36}
                      style={{ borderRadius: 8, objectFit: "cover" }}
                    />
                  ) : (
                    <IconBuildingStore size={28} aria-hidden />
                  )}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} lineClamp={1}>
                      {doc.channel_name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        doc.industry ? labels.industry(doc.industry as TIndustry) : null,
                        doc.country ? labels.country(doc.country) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </Stack>
                </Group>
                {doc.channel_intro ? (
                  <Text size="sm" c="dimmed" lineClamp={3} mt="xs">
                    {doc.channel_intro}
                  </Text>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageIntro>
  );
}
