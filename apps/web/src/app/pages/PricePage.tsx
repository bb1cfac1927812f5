import PlansPricePage from "../../features/plans/pages/PricePage";
import { ModelPriceSection } from "../../features/production/components/ModelPriceSection";

/** `/price`: the plans, then the model production prices. */
export default function PricePage() {
  return <PlansPricePage after={<ModelPriceSection />} />;
}
