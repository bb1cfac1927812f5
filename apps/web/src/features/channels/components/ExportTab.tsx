import { Badge, Group, Text } from "@mantine/core";
import type { TIncoterm, TPublicChannelDoc } from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TChannelLabels } from "../../../i18n/channel-labels";
import { Facts } from "./BusinessTab";

/** Props of {@link ExportTab}. */
export interface ExportTabProps {
  doc: TPublicChannelDoc;
  labels: TChannelLabels;
}

function badges(values: string[]): ReactNode {
  if (values.length === 0) return null;
  return (
    <Group gap={6}>
      {values.map((v) => (
        <Badge key={v} variant="light" radius="sm" tt="none" size="lg" fw={500}>
          {v}
        </Badge>
      ))}
    </Group>
  );
}

/** The Export Info tab: markets, payment methods, shipping methods and Incoterms 2020 with their names. */
export function ExportTab({ doc, labels }: ExportTabProps) {
  const { t } = useTranslation("channels");
  const info = doc.channel_global_business_info;
  const rows: [string, ReactNode][] = [
    [t("fields.exportMarkets"), badges(info.export_markets.map(labels.country))],
    [t("fields.paymentMethods"), badges(info.payment_methods.map(labels.payment))],
    [t("fields.shippingMethods"), badges(info.shipping_methods.map(labels.shipping))],
    [
      t("fields.incoterms"),
      info.incoterms.codes.length > 0 ? (
        <ul key="incoterms" style={{ margin: 0, paddingInlineStart: 18 }}>
          {info.incoterms.codes.map((code) => (
            <li key={code}>{labels.incoterm(code as TIncoterm)}</li>
          ))}
        </ul>
      ) : null,
    ],
  ];
  if (rows.every(([, v]) => v === null)) return <Text c="dimmed">{t("noExportInfo")}</Text>;
  return (
    <>
      <Facts rows={rows} />
      {info.incoterms.codes.length > 0 ? (
        <Text size="xs" c="dimmed" mt="sm">
          {t("incotermsEdition")}
        </Text>
      ) : null}
    </>
  );
}
