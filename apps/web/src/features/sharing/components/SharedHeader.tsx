import { Anchor, Text, Title } from "@mantine/core";
import type { TSharePublisher } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../../../ui/PageTitle";
import { BusinessMatchingButton } from "../../matching/components/BusinessMatchingButton";
import classes from "./share-page.module.css";

/** Props of {@link SharedHeader}. */
export interface SharedHeaderProps {
  /** The content's title (the page's h1 and document title). */
  title: string;
  publisher: TSharePublisher;
  /** The shared content (null for a sealed link), remembered as viewed when the buyer asks. */
  contentId?: string | null;
}

/** The channel id of a publisher's channel page (`/Channel/<id>`), if it has one. */
function channelIdOf(href: string | null): string | null {
  const match = href ? /^\/Channel\/([^/?#]+)$/.exec(href) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * The bar above a shared content: its title and who shared it — the owner's channel, linked to
 * it; with no channel (empty name) there is no byline. A channel's content offers 'Contact this
 * business' (the connecting form, issue 14).
 */
export function SharedHeader({ title, publisher, contentId = null }: SharedHeaderProps) {
  const { t } = useTranslation("sharing");
  const channelId = channelIdOf(publisher.href);
  const name = publisher.href ? (
    <Anchor component={Link} to={publisher.href} className={classes.publisherLink}>
      {publisher.name}
    </Anchor>
  ) : (
    <span className={classes.publisherName}>{publisher.name}</span>
  );
  return (
    <header className={classes.header} data-testid="share-header">
      <PageTitle title={title} isHidden />
      <Title order={1} className={classes.title} title={title}>
        {title}
      </Title>
      {publisher.name ? (
        <Text component="p" className={classes.byline} data-testid="share-publisher">
          {t("share.sharedBy")} {name}
        </Text>
      ) : null}
      {channelId ? (
        <div className={classes.contact}>
          <BusinessMatchingButton
            label="contact"
            source="share"
            channelId={channelId}
            contentId={contentId}
            size="xs"
            variant="white"
            color="dark"
          />
        </div>
      ) : null}
    </header>
  );
}
