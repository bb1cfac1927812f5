import { BusinessMatchingButton } from "../../../ui/BusinessMatchingButton";

/** Props of {@link BoothMatchingSlot}. */
export interface BoothMatchingSlotProps {
  channelId: string;
  boothId: string;
}

/**
 * The booth page's 'Business Matching' (issue 14): the connecting form with the booth's business
 * as its first candidate (`source: "booth"`); the booth is remembered as viewed for the tab.
 */
export function BoothMatchingSlot({ channelId, boothId }: BoothMatchingSlotProps) {
  return <BusinessMatchingButton source="booth" channelId={channelId} boothId={boothId} />;
}
