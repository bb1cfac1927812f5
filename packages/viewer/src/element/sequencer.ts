/**
 * The element's state logic, free of DOM and engine: the annotation tour and the motion
 * simulation. Both walk their items in order and wrap around at either end.
 */
import type { TAnnotation } from "@vitrine/contract";
import type { TMotionState } from "./types";

/** Annotations in marker-number order (the tour's order). */
export function tourOrder(annotations: readonly TAnnotation[]): TAnnotation[] {
  return [...annotations].sort((a, b) => a.marker.number - b.marker.number);
}

/** The index after `current` (-1 = none open) moving by `direction`, wrapping; -1 when there are none. */
export function stepIndex(current: number, direction: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** The motion simulation: which step, in which state. */
export interface TMotionModel {
  state: TMotionState;
  /** The step shown (index into the steps), -1 before the first start. */
  step: number;
}

/** What can happen to the motion simulation. */
export type TMotionAction =
  | { type: "start"; step?: number }
  | { type: "toggle" }
  | { type: "stop" }
  | { type: "move"; direction: 1 | -1 }
  | { type: "clipEnd" };

/** The motion simulation at rest. */
export const MOTION_IDLE: TMotionModel = { state: "stopped", step: -1 };

/** True while the simulation is playing or paused (next/previous then walk the steps). */
export function isMotionActive(model: TMotionModel): boolean {
  return model.state !== "stopped";
}

/**
 * The next motion state. start → playing (from the given step or the first); toggle: stopped →
 * playing, playing → paused, paused → playing; stop → stopped; move → playing the neighbour step;
 * a clip's end plays the following step, and after the last one the simulation stops.
 */
export function motionReducer(model: TMotionModel, action: TMotionAction, count: number): TMotionModel {
  if (count <= 0) return MOTION_IDLE;
  switch (action.type) {
    case "start":
      return { state: "playing", step: Math.min(Math.max(action.step ?? 0, 0), count - 1) };
    case "toggle":
      if (model.state === "playing") return { ...model, state: "paused" };
      if (model.state === "paused") return { ...model, state: "playing" };
      return { state: "playing", step: 0 };
    case "stop":
      return { ...model, state: "stopped" };
    case "move":
      return { state: "playing", step: stepIndex(model.step, action.direction, count) };
    case "clipEnd":
      if (model.state !== "playing") return model;
      return model.step + 1 < count
        ? { state: "playing", step: model.step + 1 }
        : { ...model, state: "stopped" };
  }
}
