import { Container, Loader, Stack, Text } from "@mantine/core";
import { CODES } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { usePageLanguage } from "../../../i18n/channel-labels";
import { PageTitle } from "../../../ui/PageTitle";
import { useTrackView } from "../../../ui/TrackedViewer";
import { ChannelView } from "../components/ChannelView";
import { usePublicChannel } from "../hooks/use-public-channel";

/**
 * `/Channel/:id`: a business's public channel in the visitor's language, with its Home, Business
 * and Export Info tabs. Texts without a translation show in the original with a quiet note.
 */
export default function ChannelPage() {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const { id = "" } = useParams();
  const lang = usePageLanguage();
  const { view, isMine } = usePublicChannel(id, lang);
  // The channel's view in its owner's report.
  useTrackView(
    view.kind === "ready"
      ? { contentType: "channel", contentOwnerId: view.doc.owner_id, contentId: view.doc.user_channel_id }
      : null,
  );

  if (view.kind === "ready")
    return <ChannelView doc={view.doc} isTranslated={view.isTranslated} isMine={isMine} />;
  return (
    <Container size="lg" py={{ base: "lg", sm: 48 }}>
      <Stack gap="md" align="center" ta="center">
        <PageTitle title={t("pageTitle")} />
        {view.kind === "loading" ? (
          <Loader aria-label={tCodes("loading")} />
        ) : (
          <Text c="dimmed" role="alert">
            {view.rescode === CODES.invalidChannel.rescode
              ? tCodes("invalidChannel")
              : tCodes("notProcessed")}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
