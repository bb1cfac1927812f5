import { Container, Loader, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useCurrentUser } from "../../stores/use-current-user";
import { FeatureNotice } from "../../ui/FeatureNotice";
import { PageTitle } from "../../ui/PageTitle";
import { RequireSignIn } from "../../ui/RequireSignIn";
import { WorkArea } from "../studio/WorkArea";
import { ADMIN_SECTIONS } from "./sections";

/** The console frame and the page of the URL. */
function Console() {
  const { t } = useTranslation(["admin", "common"]);
  const params = useParams();
  const path = (params["*"] ?? "").split("/")[0]?.toLowerCase() ?? "";
  const active = ADMIN_SECTIONS.find((item) => item.path === path) ?? ADMIN_SECTIONS[0];
  const { Section } = active;
  return (
    <WorkArea
      items={ADMIN_SECTIONS.map((item) => ({ path: item.path, label: t(item.key), Icon: item.Icon }))}
      basePath="/Studio/admin/"
      activePath={active.path}
      menuLabel={t("menuLabel")}
      badge={t("badge")}
    >
      <Container size="xl" py={{ base: "md", sm: 40 }} px={{ base: "sm", sm: "md" }}>
        <Stack gap="xl">
          <Stack gap={2}>
            <Text size="sm" fw={700} c="dimmed" tt="uppercase">
              {t("pageTitle")}
            </Text>
            <PageTitle title={t(active.key)} />
          </Stack>
          <Suspense fallback={<Loader aria-label={t("common:loading")} />}>
            <Section />
          </Suspense>
        </Stack>
      </Container>
    </WorkArea>
  );
}

/** Shows the console to super accounts; anyone else is told it is the operators' area. */
function RequireSuper() {
  const { t } = useTranslation(["admin", "common"]);
  const { user, status } = useCurrentUser();
  if (status !== "ready" && status !== "failed") {
    return (
      <Container py="xl">
        <Loader aria-label={t("common:loading")} />
      </Container>
    );
  }
  if (user?.is_super !== true) {
    return (
      <Container size="sm" py="xl">
        <FeatureNotice
          title={t("denied.title")}
          text={t("denied.text")}
          icon={<IconLock />}
          link={{ to: "/Studio/user/contents", label: t("denied.link") }}
          order={2}
        />
      </Container>
    );
  }
  return <Console />;
}

/** `/Studio/admin/*`: the operators' console (super accounts only; every call is checked by the server). */
export default function AdminPage() {
  return (
    <RequireSignIn>
      <RequireSuper />
    </RequireSignIn>
  );
}
