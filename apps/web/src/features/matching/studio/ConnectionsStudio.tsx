import { Alert, Badge, Button, Group, Loader, Stack, Tabs, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import {
  connectListCall,
  formatForLanguage,
  matchSettingsCall,
  type TConnection,
  type TMatchSettings,
} from "@vitrine/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCall } from "../../../api/use-call";
import { currentLanguage } from "../../../i18n";
import { useResultMessage } from "../../../i18n/use-messages";
import { downloadCsv, toCsv } from "../lib/csv";
import { announceNewConnections } from "../lib/new-connections";
import { useBuyerLabels } from "../lib/reasons";
import { ConnectionCard } from "./ConnectionCard";
import { MatchSettingsForm } from "./MatchSettingsForm";

/**
 * The studio's Connections (SPEC §2 manage business connect): the inquiries the business
 * received, direct or matched, newest first, with a count of new ones, CSV export, and the
 * matching settings.
 */
export default function ConnectionsStudio() {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const message = useResultMessage();
  const labels = useBuyerLabels();
  const list = useCall(connectListCall, {});
  const settingsCall = useCall(matchSettingsCall, {});
  const [docs, setDocs] = useState<TConnection[]>([]);
  const [settings, setSettings] = useState<TMatchSettings | null>(null);

  useEffect(() => {
    if (list.data) setDocs(list.data.docs);
  }, [list.data]);
  useEffect(() => {
    if (settingsCall.data) setSettings(settingsCall.data.doc);
  }, [settingsCall.data]);

  const newCount = docs.filter((d) => d.status === "new").length;
  const isListed = list.data !== null;
  useEffect(() => {
    if (isListed) announceNewConnections(newCount);
  }, [isListed, newCount]);
  const handleChange = (doc: TConnection) =>
    setDocs((all) => all.map((d) => (d.connection_id === doc.connection_id ? doc : d)));

  const handleExport = () => {
    const lang = currentLanguage();
    const header = [
      t("csv.date"),
      t("csv.kind"),
      t("csv.status"),
      t("form.company"),
      t("form.contactPerson"),
      t("form.jobTitle"),
      t("form.email"),
      t("form.country"),
      t("form.industry"),
      t("form.businessType"),
      t("form.inquiryType"),
      t("form.needs"),
      t("form.quantity"),
      t("form.incoterms"),
      t("studio.why"),
      t("studio.note"),
    ];
    const rows = docs.map((d) => [
      formatForLanguage(d.created_at, lang),
      t(`studio.kind.${d.kind}`),
      t(`studio.status.${d.status}`),
      d.buyer.company,
      d.buyer.contact_person,
      d.buyer.job_title,
      d.buyer.email,
      labels.country(d.buyer.country),
      labels.industry(d.buyer),
      labels.businessType(d.buyer.business_type),
      labels.inquiryType(d.buyer.inquiry_type),
      d.buyer.needs,
      d.buyer.quantity,
      d.buyer.incoterms.join(" "),
      d.reasons.map(labels.reason).join("; "),
      d.note,
    ]);
    downloadCsv("vitrine-connections.csv", toCsv(header, rows));
  };

  const isLoading = (list.isLoading && !list.data) || (settingsCall.isLoading && !settingsCall.data);
  if (isLoading) return <Loader aria-label={tCodes("loading")} />;
  const failure = list.error ?? settingsCall.error;
  if (failure) {
    return (
      <Alert color="red" role="alert">
        {message(failure)}
      </Alert>
    );
  }
  if (settings === null && settingsCall.data?.doc === null) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{tCodes("connectNeedsChannel")}</Text>
        <Button component={Link} to="/Studio/user/channel">
          {t("studio.createChannel")}
        </Button>
      </Stack>
    );
  }

  return (
    <Tabs defaultValue="inquiries" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab
          value="inquiries"
          rightSection={
            newCount > 0 ? (
              <Badge
                size="sm"
                circle
                data-testid="connections-new"
                aria-label={t("studio.newCount", { count: newCount })}
              >
                {newCount}
              </Badge>
            ) : null
          }
        >
          {t("studio.inquiries")}
        </Tabs.Tab>
        <Tabs.Tab value="settings">{t("studio.settings")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="inquiries" pt="lg">
        <Stack gap="md">
          {settings && !settings.opted_in ? (
            <Alert variant="light" color="blue" p="xs">
              <Text size="sm">{t("studio.notOptedIn")}</Text>
            </Alert>
          ) : null}
          {docs.length === 0 ? (
            <Text c="dimmed" py="lg" ta="center">
              {t("studio.empty")}
            </Text>
          ) : (
            <>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t("studio.count", { count: docs.length })}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  onClick={handleExport}
                >
                  {t("studio.export")}
                </Button>
              </Group>
              {docs.map((doc) => (
                <ConnectionCard
                  key={doc.connection_id}
                  connection={doc}
                  labels={labels}
                  onChange={handleChange}
                />
              ))}
            </>
          )}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="settings" pt="lg">
        {settings ? <MatchSettingsForm settings={settings} onSaved={setSettings} /> : null}
      </Tabs.Panel>
    </Tabs>
  );
}
