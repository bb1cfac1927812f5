import { ActionIcon, Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconHeadset, IconMail, IconPhone } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  isQuickPanelOpenAtStart,
  QUICK_CONTACT_DESKTOP_BOTTOM,
  QUICK_CONTACT_DESKTOP_RIGHT,
  QUICK_CONTACT_FOLDED_SIZE,
  QUICK_CONTACT_PANEL_WIDTH,
} from "../lib/quick-contact-rule";

/** Where the visitor's open/folded choice is kept for the tab's lifetime. */
const STORAGE_KEY = "vt_quick_panel";

function readChoice(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function keepChoice(isOpen: boolean): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, isOpen ? "open" : "folded");
  } catch {
    // Storage refused (private mode): the choice lasts until the next page load.
  }
}

/** Props of {@link QuickPanel}. */
export interface QuickPanelProps {
  /** The support phone, shown for display. */
  phone: string;
  /** The support e-mail. */
  email: string;
}

/**
 * The desktop "Quick" panel (SPEC §2, bottom 30 px). It folds into one round button so it never
 * covers the page: it starts folded unless the window leaves room beside the page column, and
 * remembers the visitor's choice in the tab. The layout keeps the page clear of the folded button.
 */
export function QuickPanel({ phone, email }: QuickPanelProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  const [isOpen, setOpen] = useState(() => isQuickPanelOpenAtStart(window.innerWidth, readChoice()));
  const toggle = (next: boolean) => {
    keepChoice(next);
    setOpen(next);
  };
  const position = {
    position: "fixed",
    right: QUICK_CONTACT_DESKTOP_RIGHT,
    bottom: QUICK_CONTACT_DESKTOP_BOTTOM,
    zIndex: 150,
  } as const;

  if (!isOpen) {
    return (
      <aside data-testid="quick-contact" data-variant="panel" data-state="folded" style={position}>
        <ActionIcon
          size={QUICK_CONTACT_FOLDED_SIZE}
          radius="xl"
          variant="filled"
          aria-label={t("quick.open")}
          aria-expanded={false}
          onClick={() => toggle(true)}
          style={{ boxShadow: "var(--mantine-shadow-md)" }}
        >
          <IconHeadset size={24} aria-hidden />
        </ActionIcon>
      </aside>
    );
  }

  return (
    <Paper
      component="aside"
      shadow="lg"
      radius="lg"
      withBorder
      p="md"
      w={QUICK_CONTACT_PANEL_WIDTH}
      data-testid="quick-contact"
      data-variant="panel"
      data-state="open"
      aria-label={t("quick.title")}
      style={position}
    >
      <Group justify="space-between" wrap="nowrap" mb={8}>
        <Text fw={800} size="sm" c="brand.7">
          {t("quick.title")}
        </Text>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={t("quick.fold")}
          aria-expanded
          aria-controls={bodyId}
          onClick={() => toggle(false)}
        >
          <IconChevronDown size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap={6} id={bodyId}>
        <Group gap={8} wrap="nowrap">
          <IconPhone size={16} aria-label={t("quick.phoneLabel")} />
          <Text size="sm" fw={600} data-testid="quick-contact-phone">
            {phone}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconMail size={16} aria-label={t("quick.emailLabel")} />
          <Anchor
            href={`mailto:${email}`}
            size="sm"
            data-testid="quick-contact-email"
            style={{ wordBreak: "break-all" }}
          >
            {email}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
