import { Center, Container, Group, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { PLANS, type TCurrency, type TPlanPeriod, type TSoldPlan } from "@vitrine/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../../../api/client-config";
import { currencyFor, priceOf, useCatalogue } from "../../../api/use-catalogue";
import { useSession } from "../../../stores/session";
import { useCurrentUser } from "../../../stores/use-current-user";
import { PageTitle } from "../../../ui/PageTitle";
import { PlanCard } from "../components/PlanCard";
import { PlanComparisonTable } from "../components/PlanComparisonTable";
import { planCta, type TPlanCta } from "../plan-cta";

/** A subscribe link carries the currency the reader chose. */
function withCurrency(cta: TPlanCta, currency: TCurrency): TPlanCta {
  return cta.kind === "subscribe" ? { ...cta, to: `${cta.to}&currency=${currency}` } : cta;
}

/** Props of {@link PricePage}. */
export interface PricePageProps {
  /** What follows the comparison table: the model production prices (the production area's). */
  after?: ReactNode;
}

/** `/price`: plan cards with a monthly/annual toggle and the comparison table, all from the contract. */
export default function PricePage({ after }: PricePageProps) {
  const { t, i18n } = useTranslation("plans");
  const [period, setPeriod] = useState<TPlanPeriod>("month");
  const [currency, setCurrency] = useState<TCurrency>(currencyFor(i18n.language));
  const isSignedIn = useSession((s) => s.accessToken !== null);
  const { user } = useCurrentUser();
  const catalogue = useCatalogue();
  const supportEmail = useClientConfig((s) => s.config?.support.email ?? null);

  return (
    <Container size="xl" py={{ base: "lg", sm: 56 }}>
      <Stack gap="xl">
        <Stack gap="xs" align="center" ta="center">
          <PageTitle title={t("pageTitle")} />
          <Text c="dimmed" size="lg" maw={640}>
            {t("lead")}
          </Text>
        </Stack>
        <Center>
          <Group gap="sm" justify="center">
            <SegmentedControl
              aria-label={t("period.label")}
              size="md"
              radius="xl"
              value={period}
              onChange={(value) => setPeriod(value === "year" ? "year" : "month")}
              data={[
                { value: "month", label: t("period.month") },
                { value: "year", label: t("period.year") },
              ]}
            />
            <SegmentedControl
              aria-label={t("currency.label")}
              size="md"
              radius="xl"
              value={currency}
              onChange={(value) => setCurrency(value === "KRW" ? "KRW" : "USD")}
              data={[
                { value: "KRW", label: "KRW ₩" },
                { value: "USD", label: "USD $" },
              ]}
            />
          </Group>
        </Center>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              cta={withCurrency(planCta(plan, user, isSignedIn, period, supportEmail), currency)}
              amount={
                plan.purchasable ? priceOf(catalogue.lines, plan.id as TSoldPlan, period, currency) : null
              }
              currency={currency}
              isFeatured={plan.id === "standard"}
            />
          ))}
        </SimpleGrid>
        <div>
          <PlanComparisonTable />
        </div>
        {after}
      </Stack>
    </Container>
  );
}
