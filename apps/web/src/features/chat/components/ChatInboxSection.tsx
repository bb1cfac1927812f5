import { Alert, Grid, Loader, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CannedRepliesModal } from "./CannedRepliesModal";
import { ConversationPane } from "./ConversationPane";
import { InboxList } from "./InboxList";
import { useChatInbox } from "./use-chat-inbox";

/** Console: the support chat's inbox (unread counts, assignment), a conversation and its answer box. */
export default function ChatInboxSection() {
  const { t } = useTranslation(["chat", "admin", "common", "codes"]);
  const isNarrow = useMediaQuery("(max-width: 992px)") ?? false;
  const chat = useChatInbox();
  const [isManaging, setManaging] = useState(false);
  const { inbox } = chat;

  if (chat.failed && !inbox) return <Alert color="red">{t("admin:loadFailed")}</Alert>;
  if (!inbox) return <Loader aria-label={t("common:loading")} />;

  const list = <InboxList chat={chat} inbox={inbox} onManage={() => setManaging(true)} />;
  const conversation = <ConversationPane chat={chat} inbox={inbox} isNarrow={isNarrow} />;
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("chat:inbox.intro")}</Text>
      {isNarrow ? (
        chat.selected ? (
          conversation
        ) : (
          list
        )
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={5}>{list}</Grid.Col>
          <Grid.Col span={7}>{conversation}</Grid.Col>
        </Grid>
      )}
      <CannedRepliesModal
        opened={isManaging}
        onClose={() => setManaging(false)}
        docs={chat.canned}
        onChanged={() => void chat.loadCanned()}
      />
    </Stack>
  );
}
