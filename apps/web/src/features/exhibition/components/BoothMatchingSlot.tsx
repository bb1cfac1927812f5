/** Props of {@link BoothMatchingSlot}. */
export interface BoothMatchingSlotProps {
  channelId: string;
  boothId: string;
}

/**
 * The booth page's place for 'Business Matching' (issue 14). The matching feature renders its
 * `BusinessMatchingButton` here (`source: "booth"`, the booth's channel and id); until it does,
 * nothing is shown, so the page never offers what the server cannot do yet.
 */
export function BoothMatchingSlot(_props: BoothMatchingSlotProps) {
  return null;
}
