import { Container, Loader, Stack, Text } from "@mantine/core";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ContentEditorSection, contentIdOfStudioPath } from "../../features/content/ContentsSection";
import { useNewConnections } from "../../features/matching/lib/new-connections";
import { ShareLinksDialog } from "../../features/sharing/components/ShareLinksDialog";
import { PageTitle } from "../../ui/PageTitle";
import { RequireSignIn } from "../../ui/RequireSignIn";
import { STUDIO_SECTIONS, type TStudioSectionDef } from "./sections";
import { WorkArea } from "./WorkArea";

/** The section's own screen, loaded on demand. */
function SectionBody({ section }: { section: TStudioSectionDef }) {
  const { t } = useTranslation("common");
  const { Section } = section;
  return (
    <Suspense fallback={<Loader aria-label={t("loading")} />}>
      <Section />
    </Suspense>
  );
}

/** The studio: the work-area frame with the studio's sections and the section of the URL. */
function StudioWorkspace() {
  const { t } = useTranslation("studio");
  const params = useParams();
  const section = (params["*"] ?? "").split("/")[0]?.toLowerCase() ?? "";
  const active = STUDIO_SECTIONS.find((item) => item.path === section) ?? STUDIO_SECTIONS[0];
  const contentId = contentIdOfStudioPath(params["*"] ?? "");
  const { t: tMatching } = useTranslation("matching");
  const newConnections = useNewConnections(active.path);

  return (
    <WorkArea
      items={STUDIO_SECTIONS.map((item) => ({
        path: item.path,
        label: t(item.key),
        Icon: item.Icon,
        badge:
          item.path === "connections"
            ? { count: newConnections, label: tMatching("studio.newCount", { count: newConnections }) }
            : null,
      }))}
      basePath="/Studio/user/"
      activePath={active.path}
      menuLabel={t("menuLabel")}
    >
      {contentId ? (
        <ContentEditorSection contentId={contentId} ShareDialog={ShareLinksDialog} />
      ) : (
        <Container size="lg" py={{ base: "md", sm: 40 }} px={{ base: "sm", sm: "md" }}>
          <Stack gap="xl">
            <Stack gap={2}>
              <Text size="sm" fw={700} c="dimmed" tt="uppercase">
                {t("pageTitle")}
              </Text>
              <PageTitle title={t(active.key)} />
            </Stack>
            <SectionBody section={active} />
          </Stack>
        </Container>
      )}
    </WorkArea>
  );
}

/** `/Studio/user/*`: the signed-in work area; a visitor is sent to `/login` and brought back. */
export default function StudioPage() {
  return (
    <RequireSignIn>
      <StudioWorkspace />
    </RequireSignIn>
  );
}
