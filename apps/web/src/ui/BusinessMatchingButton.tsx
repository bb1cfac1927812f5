import { Button, type ButtonProps } from "@mantine/core";
import { IconBuildingSkyscraper } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { connectFormHref, type TConnectOrigin } from "../lib/connect-form-link";
import { rememberViewed } from "../lib/match-viewed";

/** Props of {@link BusinessMatchingButton}. */
export interface BusinessMatchingButtonProps extends TConnectOrigin {
  /** 'Business Matching' (channel, booth) or 'Contact this business' (a content). */
  label?: "matching" | "contact";
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  color?: ButtonProps["color"];
  className?: string;
  fullWidth?: boolean;
}

/**
 * 'Business Matching' (SPEC §2 business home channel): opens the connecting form with this
 * page's business as its first candidate. A content or booth it is shown beside is remembered
 * for the tab, so the inquiry can say the buyer looked at it.
 */
export function BusinessMatchingButton({
  label = "matching",
  variant = "filled",
  size = "sm",
  color,
  className,
  fullWidth,
  ...origin
}: BusinessMatchingButtonProps) {
  const { t } = useTranslation("matching");
  const { contentId, boothId } = origin;
  useEffect(() => {
    if (contentId) rememberViewed("content", contentId);
    if (boothId) rememberViewed("booth", boothId);
  }, [contentId, boothId]);
  return (
    <Button
      component={Link}
      to={connectFormHref(origin)}
      variant={variant}
      size={size}
      color={color}
      className={className}
      fullWidth={fullWidth}
      leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
      data-testid="business-matching"
    >
      {label === "contact" ? t("button.contact") : t("button.matching")}
    </Button>
  );
}
