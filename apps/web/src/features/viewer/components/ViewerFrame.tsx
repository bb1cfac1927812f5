import type { ReactNode } from "react";
import classes from "./viewer-frame.module.css";

/** Props of {@link ViewerFrame}. */
export interface ViewerFrameProps {
  /** Accessible name of the viewer area, already translated. */
  label: string;
  /** Accessible name of the toolbar region, already translated. */
  toolbarLabel: string;
  /** What the stage shows (until the 3D engine mounts: a plain message). */
  children: ReactNode;
  /** Small brand mark in the corner, already translated. */
  brand?: string;
}

/**
 * The full-viewport viewer of the share page and the embed: a stage and the bottom toolbar region
 * the viewer's controls will fill. Plain React and one CSS module, no UI library, so `/embed`
 * stays small.
 */
export function ViewerFrame({ label, toolbarLabel, children, brand }: ViewerFrameProps) {
  return (
    <div className={classes.frame}>
      {brand ? <span className={classes.brand}>{brand}</span> : null}
      <section className={classes.stage} aria-label={label}>
        {children}
      </section>
      <div className={classes.toolbar} role="toolbar" aria-label={toolbarLabel} aria-disabled="true">
        <span className={classes.slot} />
        <span className={classes.slot} />
        <span className={classes.slotWide} />
        <span className={classes.slot} />
        <span className={`${classes.slot} ${classes.hideOnMobile}`} />
        <span className={`${classes.slot} ${classes.hideOnMobile}`} />
      </div>
    </div>
  );
}
