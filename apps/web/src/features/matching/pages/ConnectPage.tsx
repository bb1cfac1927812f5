import { Loader, Stack } from "@mantine/core";
import { channelPublicCall } from "@vitrine/contract";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../../api";
import { currentLanguage } from "../../../i18n";
import { connectOriginOf } from "../../../lib/connect-form-link";
import { trackView } from "../../../lib/tracking/track";
import { PageIntro } from "../../../ui/PageIntro";
import { ConnectDone } from "../components/ConnectDone";
import { ConnectForm } from "../components/ConnectForm";

type TChannel = { id: string; name: string; ownerId: string };

/**
 * `/business-connect`: the business-connecting form for visitors (no account). Opened from a
 * business's page (`?channel=…&source=…`), that business is named and is the first candidate;
 * the form's view is a `match` row of the business's analytics.
 */
export default function ConnectPage() {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const [params] = useSearchParams();
  const query = params.toString();
  const origin = useMemo(() => connectOriginOf(new URLSearchParams(query)), [query]);
  const [channel, setChannel] = useState<TChannel | null | "loading">(origin.channelId ? "loading" : null);
  const [sent, setSent] = useState<{ shared: boolean; email: string } | null>(null);
  const tracked = useRef(false);

  useEffect(() => {
    const id = origin.channelId;
    if (!id) {
      setChannel(null);
      return;
    }
    let isLive = true;
    setChannel("loading");
    void api(channelPublicCall, { user_channel_id: id, lang: currentLanguage() }).then((res) => {
      if (!isLive) return;
      // An unknown business leaves a general form: nothing is sent to a page that does not exist.
      setChannel(res.status ? { id, name: res.data.doc.channel_name, ownerId: res.data.doc.owner_id } : null);
    });
    return () => {
      isLive = false;
    };
  }, [origin.channelId]);

  useEffect(() => {
    if (channel === "loading" || tracked.current) return;
    tracked.current = true;
    trackView({ contentType: "match", contentOwnerId: channel?.ownerId ?? "", contentId: channel?.id ?? "" });
  }, [channel]);

  const isLoading = channel === "loading";
  const known = isLoading ? null : channel;
  return (
    <PageIntro
      size="md"
      title={known ? t("form.titleChannel", { name: known.name }) : t("form.pageTitle")}
      lead={known ? t("form.leadChannel", { name: known.name }) : t("form.lead")}
    >
      {isLoading ? (
        <Stack align="center" py="xl">
          <Loader aria-label={tCodes("loading")} />
        </Stack>
      ) : sent ? (
        <ConnectDone isShared={sent.shared} email={sent.email} channel={known} />
      ) : (
        <ConnectForm
          origin={{ ...origin, channelId: known?.id ?? null }}
          channelName={known?.name ?? null}
          onSent={(result) => {
            setSent(result);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </PageIntro>
  );
}
