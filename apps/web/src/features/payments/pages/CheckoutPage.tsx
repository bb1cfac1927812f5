/**
 * `/checkout?plan=&period=&currency=`: the review before paying (Korean e-commerce rules): the
 * full price and what it is for, the period and the renewal date, what happens at the end, the
 * cancellation terms; nothing is ticked in advance, and automatic renewal is its own consent.
 * Only the providers the server offers (and that take the currency) are shown; a card provider's
 * own page (Stripe's redirect, Toss's card window) opens after the review and comes back to
 * `/payment/:id`.
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  List,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  CURRENCIES,
  formatForLanguage,
  formatPrice,
  PLAN_PERIODS,
  PROVIDER_CURRENCIES,
  paymentCheckoutCall,
  SOLD_PLANS,
  type TPaymentProvider,
} from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api } from "../../../api";
import { codeKeyOf } from "../../../api/result-message";
import { currencyFor, priceOf, useCatalogue } from "../../../api/use-catalogue";
import { useUserInfo } from "../../../stores/user-info";
import { RequireSignIn } from "../../../ui/RequireSignIn";
import { followProviderStep } from "../provider-step";

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;
}

/** The renewal date of a period starting now. */
function renewalDate(period: "month" | "year"): string {
  const at = new Date();
  if (period === "year") at.setFullYear(at.getFullYear() + 1);
  else at.setMonth(at.getMonth() + 1);
  return at.toISOString();
}

function Checkout() {
  const { t, i18n } = useTranslation("plans");
  const { t: tCodes } = useTranslation("codes");
  const lang = i18n.language.startsWith("ko") ? "ko" : "en";
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = pick(SOLD_PLANS, params.get("plan"), "standard");
  const period = pick(PLAN_PERIODS, params.get("period"), "month");
  const currency = pick(CURRENCIES, params.get("currency"), currencyFor(i18n.language));
  const catalogue = useCatalogue();
  const email = useUserInfo((s) => s.user?.email ?? "");
  const offered = catalogue.providers.filter((name) => PROVIDER_CURRENCIES[name].includes(currency));
  const [provider, setProvider] = useState<TPaymentProvider>("manual");
  const [hasAgreed, setHasAgreed] = useState(false);
  const [autoRenew, setAutoRenew] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const amount = priceOf(catalogue.lines, plan, period, currency);
  const money = (minor: number) => formatPrice(minor, currency, lang);
  const renewsAt = formatForLanguage(renewalDate(period), lang, undefined, "date");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasAgreed) {
      setError(t("checkout.mustAgree"));
      return;
    }
    setIsBusy(true);
    const res = await api(paymentCheckoutCall, { plan, period, currency, provider, auto_renew: autoRenew });
    if (!res.status) {
      setIsBusy(false);
      setError(tCodes(codeKeyOf(res)));
      return;
    }
    const { doc, step } = res.data;
    if (!step) {
      setIsBusy(false);
      navigate(`/payment/${doc.payment_id}`);
      return;
    }
    const followed = await followProviderStep(step, email);
    if (followed.kind === "left") return;
    setIsBusy(false);
    setError(followed.kind === "cancelled" ? t("checkout.cardClosed") : t("checkout.cardUnavailable"));
  };

  return (
    <Container size="sm" py="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t("checkout.title")}
          </Title>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="xs">
              <Text fw={700} size="lg">
                {t(`plans.${plan}.name`)} · {period === "month" ? t("period.month") : t("period.year")}
              </Text>
              <Text size="xl" fw={800} data-testid="checkout-total">
                {amount === null ? t("card.priceUnavailable") : money(amount)}
              </Text>
              <Text size="sm">{t("checkout.chargedToday")}</Text>
              <List size="sm" spacing={4}>
                <List.Item>{t("checkout.period", { date: renewsAt })}</List.Item>
                <List.Item>{t("checkout.atEnd")}</List.Item>
                <List.Item>{t("checkout.cancelTerms")}</List.Item>
                <List.Item>{t("checkout.trialNote")}</List.Item>
              </List>
            </Stack>
          </Paper>
          {offered.length > 1 ? (
            <Radio.Group
              label={t("checkout.method")}
              value={provider}
              onChange={(value) => setProvider(pick(offered, value, "manual"))}
            >
              <Stack gap={6} mt="xs">
                {offered.map((name) => (
                  <Radio key={name} value={name} label={t(`providers.${name}`)} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm">{t("checkout.manualOnly")}</Text>
          )}
          <Checkbox
            checked={hasAgreed}
            onChange={(event) => {
              setHasAgreed(event.currentTarget.checked);
              setError(null);
            }}
            label={t("checkout.agree")}
          />
          <Checkbox
            checked={autoRenew}
            onChange={(event) => setAutoRenew(event.currentTarget.checked)}
            label={t("checkout.autoRenew", { date: renewsAt })}
            description={t("checkout.autoRenewHelp")}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="md" loading={isBusy} disabled={amount === null}>
            {amount === null ? t("checkout.pay") : t("checkout.payAmount", { price: money(amount) })}
          </Button>
          <Anchor component={Link} to="/price" size="sm">
            {t("checkout.back")}
          </Anchor>
        </Stack>
      </form>
    </Container>
  );
}

/** The checkout page (signed-in owners). */
export default function CheckoutPage() {
  return (
    <RequireSignIn>
      <Checkout />
    </RequireSignIn>
  );
}
