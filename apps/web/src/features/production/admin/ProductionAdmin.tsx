/**
 * Console: production requests (filter by status, search by product or e-mail ID), quote,
 * move on, deliver a `.glb` into the owner's studio (uploaded through `POST /api/upload/file`,
 * purpose `production_model`), message the owner; and the model price table. Every action is a
 * `super` call, audited by the server.
 */
import { Tabs } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ProductionPrices } from "./ProductionPrices";
import { ProductionRequests } from "./ProductionRequests";

/** Console page: production requests and model prices. */
export default function ProductionAdmin() {
  const { t } = useTranslation("production");
  return (
    <Tabs defaultValue="requests" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="requests">{t("admin.requests")}</Tabs.Tab>
        <Tabs.Tab value="prices">{t("admin.prices")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="requests">
        <ProductionRequests />
      </Tabs.Panel>
      <Tabs.Panel value="prices">
        <ProductionPrices />
      </Tabs.Panel>
    </Tabs>
  );
}
