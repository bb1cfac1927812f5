import { ActionIcon, Box, Container, Group, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useUiStore } from "../../../stores/ui";
import { LanguageSwitch } from "../../../ui/LanguageSwitch";
import { Logo } from "../../../ui/Logo";
import { PageTitle } from "../../../ui/PageTitle";
import { AccountPanel } from "../../accounts/account/AccountPanel";
import { RequireSignIn } from "../../accounts/components/RequireSignIn";
import { ChannelStudio } from "../../channels/studio/ChannelStudio";
import {
  ContentEditorSection,
  ContentListSection,
  contentIdOfStudioPath,
} from "../../content/ContentsSection";
import { FeatureNotice } from "../../shared/FeatureNotice";
import { STUDIO_MENU, StudioSidebar } from "../components/StudioSidebar";
import { StudioUserMenu } from "../components/StudioUserMenu";
import classes from "../components/studio.module.css";

/** What the sections that are not the account or the contents say, truthfully, instead. */
const SECTION_NOTICES = {
  sharelinks: { title: "notice.sharelinks.title", text: "notice.sharelinks.text" },
  analytics: { title: "notice.analytics.title", text: "notice.analytics.text" },
} as const;

/**
 * The studio frame: top bar, sidebar (following the `sidebarShow` store on wide screens, an
 * icon rail on phones) and the section of the URL.
 */
function StudioWorkspace() {
  const { t } = useTranslation("studio");
  const params = useParams();
  const sidebarShow = useUiStore((s) => s.sidebarShow);
  const toggleSidebar = useUiStore((s) => s.toggleSidebar);
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const section = (params["*"] ?? "").split("/")[0]?.toLowerCase() ?? "";
  const active = STUDIO_MENU.find((item) => item.path === section) ?? STUDIO_MENU[0];
  const isExpanded = sidebarShow && !isPhone;
  const contentId = contentIdOfStudioPath(params["*"] ?? "");

  return (
    <div className={classes.root}>
      <header className={classes.topbar}>
        <Group gap="sm" wrap="nowrap">
          {isPhone ? null : (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleSidebar}
              aria-label={t("toggleSidebar")}
              aria-expanded={sidebarShow}
            >
              {sidebarShow ? <IconLayoutSidebarLeftCollapse /> : <IconLayoutSidebarLeftExpand />}
            </ActionIcon>
          )}
          <Logo size={18} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch />
          <StudioUserMenu isCompact={isPhone} />
        </Group>
      </header>
      <div className={classes.body}>
        <StudioSidebar active={active} isExpanded={isExpanded} />
        <Box component="main" className={classes.main}>
          {contentId ? (
            <ContentEditorSection contentId={contentId} />
          ) : (
            <Container size="lg" py={{ base: "md", sm: 40 }} px={{ base: "sm", sm: "md" }}>
              <Stack gap="xl">
                <Stack gap={2}>
                  <Text size="sm" fw={700} c="dimmed" tt="uppercase">
                    {t("pageTitle")}
                  </Text>
                  <PageTitle title={t(active.key)} />
                </Stack>
                {active.path === "account" ? (
                  <AccountPanel />
                ) : active.path === "contents" ? (
                  <ContentListSection />
                ) : active.path === "channel" ? (
                  <ChannelStudio />
                ) : (
                  <FeatureNotice
                    title={t(SECTION_NOTICES[active.path].title)}
                    text={t(SECTION_NOTICES[active.path].text)}
                    link={{ to: "/Studio/user/contents", label: t("notice.link") }}
                  />
                )}
              </Stack>
            </Container>
          )}
        </Box>
      </div>
    </div>
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
