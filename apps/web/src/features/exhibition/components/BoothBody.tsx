import { Anchor, Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf, IconMail, IconPhone, IconWorld } from "@tabler/icons-react";
import type { TBoothPage, TExhibitionCategory } from "@vitrine/contract";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useChannelLabels } from "../../../i18n/channel-labels";
import type { TLanguage } from "../../../stores/language";
import { boothName, categoryName } from "../lib/texts";
import classes from "./exhibition.module.css";

/** Props of {@link BoothBody}. */
export interface BoothBodyProps {
  doc: TBoothPage;
  categories: readonly TExhibitionCategory[];
  lang: TLanguage;
  /** What the stage shows: the selected product in the viewer (page) or its poster (preview). */
  stage: ReactNode;
  selectedId: string | null;
  onSelect: (contentId: string) => void;
  /** Beside the channel link: the 'Business Matching' entry once the matching feature provides it. */
  matchingSlot?: ReactNode;
  /** The booth's heading level: 1 on its page, 2 inside the studio's preview. */
  headingOrder?: 1 | 2;
}

function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A booth as visitors see it: the fascia, the stage with the product shelf, the pitch, video,
 * images, documents, the channel's contact and people. Its page and the studio's live preview
 * both draw it, so the preview is what visitors get.
 */
export function BoothBody({
  doc,
  categories,
  lang,
  stage,
  selectedId,
  onSelect,
  matchingSlot,
  headingOrder = 1,
}: BoothBodyProps) {
  const { t } = useTranslation("exhibition");
  const labels = useChannelLabels();
  const name = boothName(doc);
  const hasContact =
    doc.contact.homepage_url !== "" || doc.contact.email !== null || doc.contact.phone !== null;
  return (
    <Stack gap="lg" style={{ "--booth-color": doc.booth_color } as CSSProperties}>
      <div className={classes.fascia}>
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={headingOrder} size="h2" c="white" style={{ overflowWrap: "anywhere" }}>
              {name}
            </Title>
            <Text size="sm" c="white" opacity={0.9}>
              {doc.channel.channel_name}
              {doc.slot ? ` · ${t("hall.slot", { label: doc.slot.label })}` : ""}
              {doc.category ? ` · ${categoryName(categories, doc.category, lang)}` : ""}
            </Text>
          </Stack>
          <Group gap="xs">
            <Anchor
              component={Link}
              to={`/Channel/${encodeURIComponent(doc.channel.user_channel_id)}`}
              c="white"
              fw={600}
              underline="always"
            >
              {t("booth.channel")}
            </Anchor>
          </Group>
        </Group>
      </div>

      <Stack gap="xs" component="section" aria-label={t("booth.products")}>
        {stage}
        {doc.products.length > 1 ? (
          <ul className={classes.shelf} aria-label={t("booth.products")}>
            {doc.products.map((p) => (
              <li key={p.content_id}>
                <button
                  type="button"
                  className={classes.shelfItem}
                  aria-pressed={p.content_id === selectedId}
                  onClick={() => onSelect(p.content_id)}
                >
                  {p.thumbnail_url ? (
                    <img src={p.thumbnail_url} alt="" />
                  ) : (
                    <span className={classes.shelfThumb} />
                  )}
                  <Text size="xs" lineClamp={2} mt={4}>
                    {p.title}
                  </Text>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>

      {matchingSlot ? <div data-slot="business-matching">{matchingSlot}</div> : null}

      {doc.pitch ? (
        <Stack gap={4} component="section">
          <Title order={(headingOrder + 1) as 2 | 3} size="h4">
            {t("booth.about")}
          </Title>
          <Text style={{ whiteSpace: "pre-line" }}>{doc.pitch}</Text>
        </Stack>
      ) : null}

      {doc.video_url ? (
        <Stack gap={4} component="section">
          <Title order={(headingOrder + 1) as 2 | 3} size="h4">
            {t("booth.video")}
          </Title>
          {/* biome-ignore lint/a11y/useMediaCaption: owners upload product videos without captions. */}
          <video className={classes.video} src={doc.video_url} controls preload="metadata" playsInline />
        </Stack>
      ) : null}

      {doc.image_urls.length > 0 ? (
        <Stack gap={4} component="section">
          <Title order={(headingOrder + 1) as 2 | 3} size="h4">
            {t("booth.images")}
          </Title>
          <div className={classes.gallery}>
            {doc.image_urls.map((url, i) => (
              <img key={url} src={url} alt={t("booth.imageAlt", { name, n: i + 1 })} loading="lazy" />
            ))}
          </div>
        </Stack>
      ) : null}

      {doc.documents.length > 0 ? (
        <Stack gap={4} component="section">
          <Title order={(headingOrder + 1) as 2 | 3} size="h4">
            {t("booth.documents")}
          </Title>
          <Stack gap={6}>
            {doc.documents.map((d) => (
              <Group key={d.url} gap="xs" wrap="nowrap">
                <IconFileTypePdf size={20} aria-hidden />
                <Anchor href={d.url} target="_blank" rel="noopener">
                  {d.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  PDF · {sizeOf(d.size)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : null}

      {hasContact || doc.profiles.length > 0 ? (
        <Stack gap="xs" component="section">
          <Title order={(headingOrder + 1) as 2 | 3} size="h4">
            {t("booth.contact")}
          </Title>
          {hasContact ? (
            <Group gap="lg">
              {doc.contact.homepage_url ? (
                <Group gap={6}>
                  <IconWorld size={18} aria-hidden />
                  <Anchor href={doc.contact.homepage_url} target="_blank" rel="noopener nofollow">
                    {doc.contact.homepage_url.replace(/^https?:\/\//, "")}
                  </Anchor>
                </Group>
              ) : null}
              {doc.contact.email ? (
                <Group gap={6}>
                  <IconMail size={18} aria-hidden />
                  <Anchor href={`mailto:${doc.contact.email}`}>{doc.contact.email}</Anchor>
                </Group>
              ) : null}
              {doc.contact.phone ? (
                <Group gap={6}>
                  <IconPhone size={18} aria-hidden />
                  <Anchor href={`tel:${doc.contact.phone.replace(/[^\d+]/g, "")}`}>
                    {doc.contact.phone}
                  </Anchor>
                </Group>
              ) : null}
            </Group>
          ) : null}
          {doc.profiles.length > 0 ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {doc.profiles.map((p) => (
                <Paper key={p.profile_id} withBorder radius="md" p="sm">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={p.photo_url} alt="" radius="xl" size="lg">
                      {p.name.slice(0, 1)}
                    </Avatar>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600}>{p.name}</Text>
                      {p.job_title ? (
                        <Text size="sm" c="dimmed">
                          {p.job_title}
                        </Text>
                      ) : null}
                      {p.email ? (
                        <Anchor size="sm" href={`mailto:${p.email}`}>
                          {p.email}
                        </Anchor>
                      ) : null}
                      {p.languages.length > 0 ? (
                        <Group gap={4} mt={4}>
                          {p.languages.map((l) => (
                            <Badge key={l} size="xs" variant="light" color="gray">
                              {labels.language(l)}
                            </Badge>
                          ))}
                        </Group>
                      ) : null}
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
