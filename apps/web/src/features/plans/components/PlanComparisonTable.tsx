import { Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconMinus } from "@tabler/icons-react";
import { PLAN_COMPARISON, PLAN_LEVELS, PLANS, type TCompareValue, type TPlanLevel } from "@vitrine/contract";
import { Fragment, useId } from "react";
import { useTranslation } from "react-i18next";
import { planKey } from "../../../i18n/plan-keys";

function Cell({ value }: { value: TCompareValue }) {
  const { t } = useTranslation("plans");
  if (value === "unlimited") return <Text size="sm">{t("table.unlimited")}</Text>;
  if (typeof value === "number") return <Text size="sm">{value}</Text>;
  return (
    <>
      {value ? (
        <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
      ) : (
        <IconMinus size={18} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
      <VisuallyHidden>{value ? t("card.included") : t("card.notIncluded")}</VisuallyHidden>
    </>
  );
}

/** The plans that give a level, as the column heading (`Free · Basic`). */
function useLevelHeading(): (level: TPlanLevel) => string {
  const { t } = useTranslation("plans");
  return (level) =>
    PLANS.filter((plan) => plan.level === level)
      .map((plan) => t(planKey(plan.nameKey)))
      .join(" · ");
}

/** The comparison table of SPEC §2, rendered from the contract's `PLAN_COMPARISON`. */
export function PlanComparisonTable() {
  const { t } = useTranslation("plans");
  const levelHeading = useLevelHeading();
  const titleId = useId();
  return (
    <>
      <Title order={2} ta="center" mb="xs" id={titleId}>
        {t("table.title")}
      </Title>
      <Text ta="center" c="dimmed" size="sm" mb="lg">
        {t("table.note")}
      </Text>
      <Text hiddenFrom="sm" ta="center" c="dimmed" size="xs" mb="xs">
        {t("table.scrollHint")}
      </Text>
      {/* On phones the table scrolls sideways: a named region in the tab order, so a keyboard
          user can focus it and scroll with the arrow keys. */}
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
        data-testid="plan-table-scroll"
        // The containing block of the cells' visually hidden words, so they scroll with the
        // table instead of widening the page on phones.
        pos="relative"
      >
        <Table striped highlightOnHover verticalSpacing="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="40%">{t("table.feature")}</Table.Th>
              {PLAN_LEVELS.map((level) => (
                <Table.Th key={level} ta="center">
                  {levelHeading(level)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PLAN_COMPARISON.map((section) => (
              <Fragment key={section.key}>
                <Table.Tr bg="indigo.0">
                  <Table.Th colSpan={PLAN_LEVELS.length + 1} scope="colgroup">
                    <Text fw={700} c="indigo.8">
                      {t(planKey(section.key))}
                    </Text>
                  </Table.Th>
                </Table.Tr>
                {section.rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row" fw={400}>
                      {t(planKey(row.key))}
                    </Table.Th>
                    {PLAN_LEVELS.map((level) => (
                      <Table.Td key={level} ta="center">
                        <Cell value={row.values[level]} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
