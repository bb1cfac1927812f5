import { Alert, Anchor, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Props of {@link LimitNotice}. */
export interface LimitNoticeProps {
  /** The limit's name (`annotation`, `annotation_image`, `sharelink`, `content`), or null. */
  limit: string | null;
  /** Its maximum at the user's level, when known. */
  max: number | null;
  /** Closes the notice; no close button when omitted. */
  onClose?: () => void;
}

const KNOWN = ["annotation", "annotation_image", "sharelink", "content", "link_buttons"] as const;

/** Says which plan limit stopped an action and links to the plans page. */
export function LimitNotice({ limit, max, onClose }: LimitNoticeProps) {
  const { t } = useTranslation("content");
  const known = KNOWN.find((k) => k === limit);
  const text =
    known === "annotation" && max === 0
      ? t("limit.annotationsOff")
      : known === "link_buttons"
        ? t("specification.linksOff")
        : known !== undefined && max !== null
          ? t(`limit.${known}`, { max })
          : t("limit.unknown");
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<IconLock />}
      title={t("limit.title")}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      data-testid="limit-notice"
    >
      <Text size="sm">{text}</Text>
      <Anchor component={Link} to="/price" size="sm" fw={600}>
        {t("limit.upgrade")}
      </Anchor>
    </Alert>
  );
}
