import { Button, Table, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { PageIntro } from "../../shared/PageIntro";

/** Props of {@link QnaBoard}. */
export interface QnaBoardProps {
  /** Page title, already translated. */
  title: string;
  /** One sentence under it, already translated. */
  lead: string;
}

// Author and status give way on phones so the board fits without sideways scrolling.
const COLUMNS = [
  { key: "columns.number", isWide: false },
  { key: "columns.title", isWide: false },
  { key: "columns.author", isWide: true },
  { key: "columns.date", isWide: false },
  { key: "columns.status", isWide: true },
] as const;

/** The board's list layout (header row, empty body) shared by the list and latest-posts pages. */
export function QnaBoard({ title, lead }: QnaBoardProps) {
  const { t } = useTranslation("qna");
  return (
    <PageIntro
      title={title}
      lead={lead}
      aside={
        <Button component={Link} to="/qnawrite" leftSection={<IconPencil size={16} />}>
          {t("writeButton")}
        </Button>
      }
    >
      <FeatureNotice
        title={t("notice.title")}
        text={t("notice.text")}
        link={{ to: "/", label: t("notice.link") }}
      />
      <Table withTableBorder verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column.key} visibleFrom={column.isWide ? "sm" : undefined}>
                {t(column.key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={COLUMNS.length}>
              <Text ta="center" c="dimmed" py="lg">
                {t("empty")}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </PageIntro>
  );
}
