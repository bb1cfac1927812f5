import { Alert, Stack, Text, TextInput } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { TPlanLimits, TSpecification } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { MediaList } from "../MediaList";

/** Props of {@link SpecificationPanel}. */
export interface SpecificationPanelProps {
  specification: TSpecification;
  onChange: (specification: TSpecification, key?: string) => void;
  contentId: string;
  /** The user's plan limits (link buttons). */
  limits: TPlanLimits;
}

/** Ordered product images, and the homepage/purchase link buttons (no plan opens them yet, SPEC §6). */
export function SpecificationPanel({ specification, onChange, contentId, limits }: SpecificationPanelProps) {
  const { t } = useTranslation("content");
  const canHomepage = limits.sharing.enable_homepage_linkbtn;
  const canPurchase = limits.sharing.enable_purchase_linkbtn;
  return (
    <Stack gap="md" data-testid="panel-specification">
      <Text size="sm" c="dimmed">
        {t("specification.intro")}
      </Text>
      <MediaList
        label={t("specification.images")}
        urls={specification.images}
        onChange={(images) => onChange({ ...specification, images })}
        kind="image"
        purpose="specification"
        contentId={contentId}
        max={30}
      />
      <TextInput
        label={t("specification.homepage")}
        placeholder="https://"
        value={specification.homepage_url ?? ""}
        disabled={!canHomepage}
        onChange={(e) =>
          onChange({ ...specification, homepage_url: e.currentTarget.value || null }, "spec.homepage")
        }
      />
      <TextInput
        label={t("specification.purchase")}
        placeholder="https://"
        value={specification.purchase_url ?? ""}
        disabled={!canPurchase}
        onChange={(e) =>
          onChange({ ...specification, purchase_url: e.currentTarget.value || null }, "spec.purchase")
        }
      />
      {canHomepage && canPurchase ? null : (
        <Alert variant="light" color="gray" icon={<IconLock />}>
          {t("specification.linksOff")}
        </Alert>
      )}
    </Stack>
  );
}
