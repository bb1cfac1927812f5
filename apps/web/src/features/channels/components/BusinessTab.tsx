import { Avatar, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { TPublicChannelDoc } from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDuns, type TChannelLabels } from "../../../i18n/channel-labels";
import classes from "./channel.module.css";

/** Props of {@link BusinessTab}. */
export interface BusinessTabProps {
  doc: TPublicChannelDoc;
  labels: TChannelLabels;
}

/** A definition list of the facts that have a value. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== "" && value !== undefined);
  return (
    <dl className={classes.facts}>
      {shown.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The Business tab: industry, products and services, DUNS, year, employees, certifications, people. */
export function BusinessTab({ doc, labels }: BusinessTabProps) {
  const { t } = useTranslation("channels");
  const info = doc.channel_global_business_info;
  const industry = info.industry
    ? info.industry === "other" && info.industry_other
      ? info.industry_other
      : labels.industry(info.industry)
    : null;
  const rows: [string, ReactNode][] = [
    [t("fields.companyName"), info.company_name],
    [t("fields.industry"), industry],
    [t("fields.productsServices"), info.productsServices_origin],
    [t("fields.duns"), info.duns ? formatDuns(info.duns) : null],
    [t("fields.yearFounded"), info.year_founded ? String(info.year_founded) : null],
    [t("fields.employees"), info.employees ? labels.employees(info.employees) : null],
    [t("fields.certifications"), info.certifications],
    [t("fields.languages"), doc.languages.map(labels.language).join(", ")],
    [
      t("fields.homepage"),
      doc.homepage_url ? (
        <a key="homepage" href={doc.homepage_url} target="_blank" rel="noopener noreferrer nofollow">
          {doc.homepage_url}
        </a>
      ) : null,
    ],
    [
      t("fields.contactEmail"),
      doc.contact_email ? (
        <a key="email" href={`mailto:${doc.contact_email}`}>
          {doc.contact_email}
        </a>
      ) : null,
    ],
    [t("fields.contactPhone"), doc.contact_phone],
  ];
  const hasFacts = rows.some(([, v]) => v !== null && v !== "");
  return (
    <Stack gap="xl">
      {hasFacts ? <Facts rows={rows} /> : <Text c="dimmed">{t("noBusiness")}</Text>}
      {doc.profiles.length > 0 ? (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("profiles.title")}
          </Title>
          <div className={classes.grid}>
            {doc.profiles.map((p) => (
              <Card key={p.profile_id} withBorder radius="md">
                <Group wrap="nowrap">
                  <Avatar src={p.photo_url} alt="" size="lg" radius="xl">
                    {p.name.slice(0, 1)}
                  </Avatar>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600}>{p.name}</Text>
                    {p.job_title ? (
                      <Text size="sm" c="dimmed">
                        {p.job_title}
                      </Text>
                    ) : null}
                    {p.languages.length > 0 ? (
                      <Text size="xs" c="dimmed">
                        {p.languages.map(labels.language).join(", ")}
                      </Text>
                    ) : null}
                    {p.email ? (
                      <Text size="sm" component="a" href={`mailto:${p.email}`}>
                        {p.email}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Card>
            ))}
          </div>
        </Stack>
      ) : null}
    </Stack>
  );
}
