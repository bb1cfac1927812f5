/**
 * `@vitrine/viewer/hall`: the 3D exhibition hall (DESIGN.md "The hall"). Its own entry so it is
 * loaded on demand by the pages that show a hall and never reaches `/embed`.
 */

export { createHall } from "./create-hall";
export type { THall, THallBooth, THallLabels, THallLayout, THallOptions, THallStats } from "./types";
