import { Button, Group, NumberInput, Select, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCode } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { copyText } from "../lib/copy-text";
import {
  EMBED_LANGS,
  EMBED_MAX_SIDE,
  EMBED_MIN_SIDE,
  EMBED_SIZES,
  embedSnippet,
  type TEmbedCodeLang,
  type TEmbedSize,
} from "../lib/share-urls";

const AUTO_LANG = "auto";

/** Props of {@link EmbedCode}. */
export interface EmbedCodeProps {
  sharelinkUrl: string;
  /** The key of an encrypted link, just after it was made. */
  linkKey?: string | null;
  /** The content's title, for the iframe's accessible title. */
  title: string;
}

/**
 * The iframe snippet of a link with size presets (responsive 16:9, 640×480, 800×600, custom) and
 * its language: the visitor's own (default) or fixed to English or Korean (`&lang=`).
 */
export function EmbedCode({ sharelinkUrl, linkKey = null, title }: EmbedCodeProps) {
  const { t } = useTranslation("sharing");
  const [size, setSize] = useState<TEmbedSize>("responsive");
  const [width, setWidth] = useState(960);
  const [height, setHeight] = useState(540);
  const [lang, setLang] = useState<TEmbedCodeLang | null>(null);
  const code = embedSnippet({
    origin: window.location.origin,
    sharelinkUrl,
    key: linkKey,
    size,
    width,
    height,
    title,
    lang,
  });
  const sizeLabel = (s: TEmbedSize) =>
    s === "responsive"
      ? t("manager.embedCode.responsive")
      : s === "custom"
        ? t("manager.embedCode.custom")
        : s.replace("x", " × ");
  const handleCopy = async () => {
    const isCopied = await copyText(code);
    notifications.show(
      isCopied
        ? { color: "teal", message: t("manager.embedCode.copied") }
        : { color: "red", message: t("manager.copyFailed") },
    );
  };
  return (
    <Stack gap="xs" data-testid="embed-code">
      <Text size="sm" fw={600}>
        {t("manager.embedCode.title")}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          label={t("manager.embedCode.size")}
          data={EMBED_SIZES.map((value) => ({ value, label: sizeLabel(value) }))}
          value={size}
          onChange={(value) => {
            const next = EMBED_SIZES.find((s) => s === value);
            if (next) setSize(next);
          }}
          allowDeselect={false}
          w={170}
        />
        <Select
          size="xs"
          label={t("manager.embedCode.language")}
          data={[
            { value: AUTO_LANG, label: t("manager.embedCode.languageAuto") },
            ...EMBED_LANGS.map((value) => ({ value, label: t(`manager.embedCode.languages.${value}`) })),
          ]}
          value={lang ?? AUTO_LANG}
          onChange={(value) => setLang(EMBED_LANGS.find((l) => l === value) ?? null)}
          allowDeselect={false}
          w={190}
        />
        {size === "custom" ? (
          <>
            <NumberInput
              size="xs"
              label={t("manager.embedCode.width")}
              value={width}
              min={EMBED_MIN_SIDE}
              max={EMBED_MAX_SIDE}
              onChange={(v) => setWidth(Number(v) || EMBED_MIN_SIDE)}
              w={100}
            />
            <NumberInput
              size="xs"
              label={t("manager.embedCode.height")}
              value={height}
              min={EMBED_MIN_SIDE}
              max={EMBED_MAX_SIDE}
              onChange={(v) => setHeight(Number(v) || EMBED_MIN_SIDE)}
              w={100}
            />
          </>
        ) : null}
      </Group>
      <Textarea
        aria-label={t("manager.embedCode.code")}
        value={code}
        readOnly
        autosize
        minRows={2}
        maxRows={5}
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
      />
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCode size={14} />}
          onClick={() => void handleCopy()}
        >
          {t("manager.embedCode.copy")}
        </Button>
      </Group>
    </Stack>
  );
}
