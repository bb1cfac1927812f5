import { Button, Group, Loader, ScrollArea, Stack, Tabs, Text } from "@mantine/core";
import { IconExternalLink, IconEye } from "@tabler/icons-react";
import { myChannelCall, type TChannelDoc, type TTranslationInfo } from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { LeaveGuard } from "../../../ui/LeaveGuard";
import { BasicInfoSection } from "./BasicInfoSection";
import { BrandingSection } from "./BrandingSection";
import { BusinessSection } from "./BusinessSection";
import { ChannelGuide } from "./ChannelGuide";
import { ChannelPreview } from "./ChannelPreview";
import { ContentsSection } from "./ContentsSection";
import { CreateChannel } from "./CreateChannel";
import { ExportSection } from "./ExportSection";
import { ProfilesSection } from "./ProfilesSection";
import { TranslationSection } from "./TranslationSection";

const SECTIONS = [
  "basic",
  "branding",
  "business",
  "export",
  "contents",
  "profiles",
  "translation",
  "guide",
] as const;
type TSection = (typeof SECTIONS)[number];

/**
 * The studio's Channel section: the create prompt, then one tab per part of the channel, each
 * saving on its own; unsaved edits in any part are guarded like the editor's.
 */
export function ChannelStudio() {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const [doc, setDoc] = useState<TChannelDoc | null | "loading" | "failed">("loading");
  const [translation, setTranslation] = useState<TTranslationInfo>({ provider: "none", attribution: null });
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);

  useEffect(() => {
    void api(myChannelCall, {}).then((res) => {
      if (!res.status) {
        setDoc("failed");
        return;
      }
      setDoc(res.data.doc);
      setTranslation(res.data.translation);
    });
  }, []);

  const dirtyOf = useCallback(
    (section: TSection) => (isDirty: boolean) =>
      setDirty((prev) => (prev[section] === isDirty ? prev : { ...prev, [section]: isDirty })),
    [],
  );
  const [handlers] = useState(
    () => Object.fromEntries(SECTIONS.map((s) => [s, dirtyOf(s)])) as Record<TSection, (d: boolean) => void>,
  );
  const isDirty = Object.values(dirty).some(Boolean);

  if (doc === "loading") return <Loader aria-label={tCodes("loading")} />;
  if (doc === "failed") return <Text role="alert">{tCodes("notProcessed")}</Text>;
  if (doc === null) return <CreateChannel onCreated={setDoc} />;

  const props = (section: TSection) => ({ doc, onSaved: setDoc, onDirty: handlers[section] });
  return (
    <Stack gap="lg">
      <LeaveGuard
        isDirty={isDirty}
        texts={{
          title: t("studio.leaveTitle"),
          text: t("studio.leaveText"),
          stay: t("studio.stay"),
          leave: t("studio.leave"),
        }}
      />
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">{t("studio.lead", { name: doc.channel_name })}</Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={() => setIsPreviewOpen(true)}
          >
            {t("studio.preview")}
          </Button>
          <Button
            component={Link}
            to={`/Channel/${doc.user_channel_id}`}
            target="_blank"
            leftSection={<IconExternalLink size={16} />}
          >
            {t("studio.viewOnPlatform")}
          </Button>
        </Group>
      </Group>
      <Tabs defaultValue="basic" keepMounted>
        <ScrollArea type="never">
          <Tabs.List style={{ flexWrap: "nowrap" }}>
            {SECTIONS.map((section) => (
              <Tabs.Tab key={section} value={section} style={{ whiteSpace: "nowrap" }}>
                {t(`studio.${section}.title`)}
                {dirty[section] ? " •" : ""}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value="basic" pt="md">
          <BasicInfoSection {...props("basic")} />
        </Tabs.Panel>
        <Tabs.Panel value="branding" pt="md">
          <BrandingSection {...props("branding")} />
        </Tabs.Panel>
        <Tabs.Panel value="business" pt="md">
          <BusinessSection {...props("business")} />
        </Tabs.Panel>
        <Tabs.Panel value="export" pt="md">
          <ExportSection {...props("export")} />
        </Tabs.Panel>
        <Tabs.Panel value="contents" pt="md">
          <ContentsSection {...props("contents")} />
        </Tabs.Panel>
        <Tabs.Panel value="profiles" pt="md">
          <ProfilesSection {...props("profiles")} />
        </Tabs.Panel>
        <Tabs.Panel value="translation" pt="md">
          <TranslationSection {...props("translation")} translation={translation} />
        </Tabs.Panel>
        <Tabs.Panel value="guide" pt="md">
          <ChannelGuide />
        </Tabs.Panel>
      </Tabs>
      <ChannelPreview
        channelId={doc.user_channel_id}
        opened={isPreviewOpen}
        onClose={() => setIsPreviewOpen(false)}
      />
    </Stack>
  );
}
