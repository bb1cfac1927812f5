import { IconFileDescription, IconMapPin, IconMovie, IconPalette, IconSun } from "@tabler/icons-react";

/** The editor's panels, in tab order, with the phone bar's icons. */
export const TABS = [
  { value: "scene", Icon: IconSun },
  { value: "materials", Icon: IconPalette },
  { value: "annotations", Icon: IconMapPin },
  { value: "motion", Icon: IconMovie },
  { value: "specification", Icon: IconFileDescription },
] as const;

/** One of the editor's panels. */
export type TTab = (typeof TABS)[number]["value"];
