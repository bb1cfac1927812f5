import { Alert, Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Props of {@link UpgradeNote}. */
export interface UpgradeNoteProps {
  /** What the plan does not allow, already translated. */
  text: string;
}

/** A plan limit reached, with the way to a plan that allows more (`/price`). */
export function UpgradeNote({ text }: UpgradeNoteProps) {
  const { t } = useTranslation("exhibition");
  return (
    <Alert color="yellow" variant="light" data-testid="booth-upgrade">
      {text}{" "}
      <Anchor component={Link} to="/price" fw={600}>
        {t("studio.upgrade")}
      </Anchor>
    </Alert>
  );
}
