import { Alert, Checkbox, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { MATCH_MAX } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** Props of {@link ConsentBox}. */
export interface ConsentBoxProps {
  /** The name of the business the form was opened from (it is named as the first recipient). */
  channelName: string | null;
  isChecked: boolean;
  onChange(isChecked: boolean): void;
}

/**
 * The third-party-provision consent (SPEC §3 consent items, PIPA Art. 17): who receives which
 * items, for what, kept how long, and the right to refuse; separate and unticked. Without it the
 * box says plainly that no business receives anything.
 */
export function ConsentBox({ channelName, isChecked, onChange }: ConsentBoxProps) {
  const { t } = useTranslation("matching");
  const rows: [string, string][] = [
    [
      t("consent.recipients"),
      channelName
        ? t("consent.recipientsChannel", { name: channelName, max: MATCH_MAX - 1 })
        : t("consent.recipientsMatched", { max: MATCH_MAX }),
    ],
    [t("consent.items"), t("consent.itemsText")],
    [t("consent.purpose"), t("consent.purposeText")],
    [t("consent.kept"), t("consent.keptText")],
    [t("consent.refuse"), t("consent.refuseText")],
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      component="section"
      aria-labelledby="connect-consent"
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id="connect-consent">
          {t("consent.title")}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false} fz="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 96, sm: 160 }} style={{ verticalAlign: "top" }}>
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Checkbox
          checked={isChecked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          label={channelName ? t("consent.agreeChannel", { name: channelName }) : t("consent.agree")}
          data-testid="connect-consent"
        />
        {isChecked ? null : (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />} p="xs">
            <Text size="sm" data-testid="connect-consent-note">
              {channelName ? t("consent.withoutChannel", { name: channelName }) : t("consent.without")}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
