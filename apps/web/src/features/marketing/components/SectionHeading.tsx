import { Stack, Text, Title } from "@mantine/core";
import classes from "./home.module.css";

/** Props of {@link SectionHeading}. */
export interface SectionHeadingProps {
  /** Small label above the title, already translated. */
  eyebrow?: string;
  /** Section title (an h2), already translated. */
  title: string;
  /** Centre the heading (default) or align it left. */
  isCentered?: boolean;
}

/** The eyebrow + h2 pair every landing section starts with. */
export function SectionHeading({ eyebrow, title, isCentered = true }: SectionHeadingProps) {
  return (
    <Stack gap={6} align={isCentered ? "center" : "flex-start"} ta={isCentered ? "center" : "left"} mb="xl">
      {eyebrow ? (
        <Text tt="uppercase" fw={700} size="sm" c="indigo.7" style={{ letterSpacing: "0.06em" }}>
          {eyebrow}
        </Text>
      ) : null}
      <Title
        order={2}
        maw={720}
        className={classes.sectionTitle}
        style={{ fontSize: "clamp(1.5rem, 3.2vw, 2.2rem)" }}
      >
        {title}
      </Title>
    </Stack>
  );
}
