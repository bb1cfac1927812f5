import { Accordion, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

const PARTS = ["basic", "branding", "business", "export", "contents", "profiles", "translation"] as const;

/** A short guide to each part of the channel. */
export function ChannelGuide() {
  const { t } = useTranslation("channels");
  return (
    <Accordion variant="separated">
      {PARTS.map((part) => (
        <Accordion.Item key={part} value={part}>
          <Accordion.Control>{t(`studio.${part}.title`)}</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm">{t(`guide.${part}`)}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
