import {
  Badge,
  Box,
  Button,
  Card,
  Divider,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconCheck, IconMinus } from "@tabler/icons-react";
import {
  formatForLanguage,
  formatPrice,
  PLAN_LIMITS,
  type TCurrency,
  type TPlanInfo,
  type TPlanPeriod,
} from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { planKey } from "../../../i18n/plan-keys";
import type { TPlanCta } from "../plan-cta";

/** Props of {@link PlanCard}. */
export interface PlanCardProps {
  plan: TPlanInfo;
  period: TPlanPeriod;
  cta: TPlanCta;
  /** The catalogue's price for the period (minor units), null while unknown or not sold. */
  amount: number | null;
  currency: TCurrency;
  /** Highlight this card. */
  isFeatured?: boolean;
}

function Feature({ isOn, children }: { isOn: boolean; children: ReactNode }) {
  const { t } = useTranslation("plans");
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" color={isOn ? "teal" : "gray"} variant={isOn ? "filled" : "light"}>
          {isOn ? <IconCheck size={12} /> : <IconMinus size={12} />}
        </ThemeIcon>
      }
    >
      <Text span size="sm" c={isOn ? undefined : "dimmed"}>
        {children}
      </Text>
      <VisuallyHidden>{` (${isOn ? t("card.included") : t("card.notIncluded")})`}</VisuallyHidden>
    </List.Item>
  );
}

/** One plan: name, price line, the limits it gives (read from the contract) and its button. */
export function PlanCard({ plan, period, cta, amount, currency, isFeatured = false }: PlanCardProps) {
  const { t, i18n } = useTranslation("plans");
  const lang = i18n.language.startsWith("ko") ? "ko" : "en";
  const limits = PLAN_LIMITS[plan.level];
  const tagKey = planKey(plan.nameKey.replace(/\.name$/, ".tagline"));
  const money = (minor: number) => formatPrice(minor, currency, lang);
  // Annual: the per-month figure, with the amount charged today beside it (never only the former).
  const perMonth = amount === null ? null : period === "year" ? Math.round(amount / 12) : amount;
  const price = plan.purchasable
    ? perMonth === null
      ? t("card.priceUnavailable")
      : t("card.perMonth", { price: money(perMonth) })
    : plan.id === "contact-us"
      ? t("card.custom")
      : t("card.free");

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      data-testid="plan-card"
      data-plan={plan.id}
      shadow={isFeatured ? "md" : undefined}
      style={isFeatured ? { borderColor: "var(--mantine-color-indigo-5)", borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" style={{ flexGrow: 1 }}>
        {/* Every card keeps the badge's row, so names and prices line up across the grid. */}
        <Box h={22}>{isFeatured ? <Badge variant="filled">{t("card.popular")}</Badge> : null}</Box>
        <Title order={3} size="h3">
          {t(planKey(plan.nameKey))}
        </Title>
        <Text size="sm" c="dimmed" mih={40}>
          {t(tagKey)}
        </Text>
        <Stack gap={2} mih={72}>
          <Text fw={700} size="md" lh={1.4}>
            {price}
          </Text>
          {plan.purchasable && amount !== null ? (
            <Text size="xs" c="dimmed" data-testid="charged-today">
              {period === "month"
                ? t("card.chargedMonth", { price: money(amount) })
                : t("card.chargedYear", { price: money(amount) })}
            </Text>
          ) : null}
        </Stack>
        <Badge variant="light" color="gray" w="fit-content">
          {t("card.levelLimits", { level: t(`levels.${plan.level}`) })}
        </Badge>
        <Divider />
        <List spacing={8} center>
          <Feature isOn>{t("card.sharelinks", { count: limits.sharing.limit_count_sharelink })}</Feature>
          <Feature isOn={limits.annotation.enable}>
            {limits.annotation.enable
              ? t("card.notes", { count: limits.annotation.limit_count })
              : t("card.noNotes")}
          </Feature>
          <Feature isOn={limits.annotation_image.enable}>
            {limits.annotation_image.enable
              ? t("card.noteImages", { count: limits.annotation_image.limit_count })
              : t("card.noNoteImages")}
          </Feature>
          <Feature isOn={limits.sharing.enable_password}>{t("card.password")}</Feature>
          <Feature isOn={limits.material_and_brightness.enable}>{t("card.scene")}</Feature>
          <Feature isOn={limits.platform.remove_platform_logo && limits.platform.remove_platform_ads}>
            {t("card.removeBranding")}
          </Feature>
        </List>
      </Stack>
      {cta.kind === "current" ? (
        <Stack gap={4} mt="lg">
          <Badge color="teal" variant="light" w="fit-content">
            {t("cta.current")}
          </Badge>
          {cta.renewsAt ? (
            <Text size="xs" c="dimmed">
              {t("cta.renewsAt", { date: formatForLanguage(cta.renewsAt, lang, undefined, "date") })}
            </Text>
          ) : null}
          <Button component={Link} to={cta.to} variant="default" fullWidth>
            {t("cta.manage")}
          </Button>
        </Stack>
      ) : cta.kind === "contact" ? (
        <Button component="a" href={cta.href} mt="lg" fullWidth variant="default">
          {t("cta.contact")}
        </Button>
      ) : (
        <Button component={Link} to={cta.to} mt="lg" fullWidth variant={isFeatured ? "filled" : "light"}>
          {cta.kind === "tryFree"
            ? t("cta.tryFree")
            : cta.kind === "subscribe"
              ? t("cta.subscribe")
              : t("cta.workspace")}
        </Button>
      )}
    </Card>
  );
}
