import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { type TTermsDocument, termsSections } from "../terms";

/** Props of {@link TermsDocumentView}. */
export interface TermsDocumentViewProps {
  /** Anchor id, so `/terms_detail#privacy` lands on the right document. */
  id: string;
  /** The translated document. */
  doc: TTermsDocument;
  /** "Required" / "Optional" badge text, if the document is a consent item. */
  badge?: { label: string; isRequired: boolean };
}

/** One terms document: an h2 and its numbered sections, as plain readable text. */
export function TermsDocumentView({ id, doc, badge }: TermsDocumentViewProps) {
  return (
    <Stack component="section" id={id} gap="sm" style={{ scrollMarginTop: 90 }}>
      <Group gap="sm">
        <Title order={2} size="h3">
          {doc.title}
        </Title>
        {badge ? (
          <Badge variant="light" color={badge.isRequired ? "indigo" : "gray"}>
            {badge.label}
          </Badge>
        ) : null}
      </Group>
      {termsSections(doc).map((section) => (
        <Stack key={section.title} gap={4}>
          <Title order={3} size="h5">
            {section.title}
          </Title>
          <Text size="sm" lh={1.7}>
            {section.text}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
