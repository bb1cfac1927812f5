import { Title, type TitleProps } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Props of {@link PageTitle}. */
export interface PageTitleProps extends Omit<TitleProps, "children" | "order"> {
  /** The page's title, already translated. */
  title: string;
  /** Sets only `document.title`, without rendering the h1 (for pages with their own heading). */
  isHidden?: boolean;
}

/** Sets `document.title` to `<title> · Vitrine` and renders the page's h1. */
export function PageTitle({ title, isHidden = false, ...rest }: PageTitleProps) {
  const { t } = useTranslation();
  const suffix = t("titleSuffix");
  useEffect(() => {
    document.title = title ? `${title} · ${suffix}` : suffix;
  }, [title, suffix]);
  if (isHidden) return null;
  return (
    <Title order={1} {...rest}>
      {title}
    </Title>
  );
}
