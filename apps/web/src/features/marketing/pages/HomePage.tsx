import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../ui/PageTitle";
import { CostSection } from "../components/CostSection";
import { ExperienceCards, FeatureGrid } from "../components/FeatureSections";
import { HeroSection } from "../components/HeroSection";
import { BusinessSection, FinalCta, ShareNowBand, StudioPromo } from "../components/PromoSections";
import { StatsBand } from "../components/StatsBand";

/** `/`: the main landing page (SPEC §2). The hero carries the page's one h1. */
export default function HomePage() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <PageTitle title={t("home.pageTitle")} isHidden />
      <HeroSection />
      <StatsBand />
      <CostSection />
      <FeatureGrid />
      <ExperienceCards />
      <ShareNowBand />
      <StudioPromo />
      <BusinessSection />
      <FinalCta />
    </>
  );
}
