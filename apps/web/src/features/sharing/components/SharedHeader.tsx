import { Anchor, Text, Title } from "@mantine/core";
import type { TSharePublisher } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../../../ui/PageTitle";
import classes from "./share-page.module.css";

/** Props of {@link SharedHeader}. */
export interface SharedHeaderProps {
  /** The content's title (the page's h1 and document title). */
  title: string;
  publisher: TSharePublisher;
}

/**
 * The bar above a shared content: its title and who shared it — the owner's channel, linked to
 * it; with no channel (empty name) there is no byline.
 */
export function SharedHeader({ title, publisher }: SharedHeaderProps) {
  const { t } = useTranslation("sharing");
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
    </header>
  );
}
