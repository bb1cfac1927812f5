import { Alert, Center, Container, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { PLANS, type TPlanPeriod } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../../../api/client-config";
import { useSession } from "../../../stores/session";
import { PageTitle } from "../../../ui/PageTitle";
import { ModelPriceSection } from "../../production/components/ModelPriceSection";
import { PlanCard } from "../components/PlanCard";
import { PlanComparisonTable } from "../components/PlanComparisonTable";
import { planCta } from "../plan-cta";

/** `/price`: plan cards with a monthly/annual toggle and the comparison table, all from the contract. */
export default function PricePage() {
  const { t } = useTranslation("plans");
  const [period, setPeriod] = useState<TPlanPeriod>("month");
  const isSignedIn = useSession((s) => s.accessToken !== null);
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
        <Alert
          variant="light"
          icon={<IconInfoCircle />}
          title={t("paymentsNotice.title")}
          maw={760}
          mx="auto"
        >
          {t("paymentsNotice.text")}
        </Alert>
        <Center>
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
        </Center>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              cta={planCta(plan, isSignedIn, supportEmail)}
              isFeatured={plan.id === "standard"}
            />
          ))}
        </SimpleGrid>
        <div>
          <PlanComparisonTable />
        </div>
        <ModelPriceSection />
      </Stack>
    </Container>
  );
}
