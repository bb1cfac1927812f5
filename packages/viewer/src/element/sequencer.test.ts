import type { TAnnotation } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import {
  isMotionActive,
  MOTION_IDLE,
  motionReducer,
  stepIndex,
  type TMotionModel,
  tourOrder,
} from "./sequencer";

function annotation(id: string, number: number): TAnnotation {
  return {
    annotation_id: id,
    title: id,
    content: "",
    axis: null,
    images: [],
    videos: [],
    marker: { posx: 0, posy: 0, posz: 0, number },
    normal: null,
  };
}

describe("annotation tour", () => {
  it("walks markers by their number, not by the order they were saved in", () => {
    const order = tourOrder([annotation("c", 3), annotation("a", 1), annotation("b", 2)]);
    expect(order.map((a) => a.annotation_id)).toEqual(["a", "b", "c"]);
  });

  it("opens the first on next and the last on previous when none is open", () => {
    expect(stepIndex(-1, 1, 3)).toBe(0);
    expect(stepIndex(-1, -1, 3)).toBe(2);
  });

  it("wraps around at both ends", () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, 1, 3)).toBe(2);
  });

  it("has nowhere to go without annotations", () => {
    expect(stepIndex(-1, 1, 0)).toBe(-1);
  });
});

describe("motion simulation", () => {
  const run = (actions: Parameters<typeof motionReducer>[1][], count = 2): TMotionModel =>
    actions.reduce((model, action) => motionReducer(model, action, count), MOTION_IDLE);

  it("goes start → playing, pause → paused, resume → playing, stop → stopped", () => {
    let model = motionReducer(MOTION_IDLE, { type: "toggle" }, 2);
    expect(model).toEqual({ state: "playing", step: 0 });
    model = motionReducer(model, { type: "toggle" }, 2);
    expect(model).toEqual({ state: "paused", step: 0 });
    model = motionReducer(model, { type: "toggle" }, 2);
    expect(model).toEqual({ state: "playing", step: 0 });
    model = motionReducer(model, { type: "stop" }, 2);
    expect(model.state).toBe("stopped");
    expect(isMotionActive(model)).toBe(false);
  });

  it("plays the following step when a clip ends and stops after the last", () => {
    expect(run([{ type: "toggle" }, { type: "clipEnd" }])).toEqual({ state: "playing", step: 1 });
    expect(run([{ type: "toggle" }, { type: "clipEnd" }, { type: "clipEnd" }])).toEqual({
      state: "stopped",
      step: 1,
    });
  });

  it("ignores a clip's end while paused", () => {
    expect(run([{ type: "toggle" }, { type: "toggle" }, { type: "clipEnd" }])).toEqual({
      state: "paused",
      step: 0,
    });
  });

  it("moves between steps with next and previous, wrapping, and plays the new step", () => {
    expect(run([{ type: "toggle" }, { type: "move", direction: 1 }])).toEqual({ state: "playing", step: 1 });
    expect(run([{ type: "toggle" }, { type: "move", direction: -1 }])).toEqual({ state: "playing", step: 1 });
    expect(run([{ type: "toggle" }, { type: "toggle" }, { type: "move", direction: 1 }])).toEqual({
      state: "playing",
      step: 1,
    });
  });

  it("starts from the step picked in the actions list, clamped to the steps there are", () => {
    expect(run([{ type: "start", step: 1 }])).toEqual({ state: "playing", step: 1 });
    expect(run([{ type: "start", step: 9 }])).toEqual({ state: "playing", step: 1 });
  });

  it("starts again from the first step after a stop", () => {
    expect(run([{ type: "start", step: 1 }, { type: "stop" }, { type: "toggle" }])).toEqual({
      state: "playing",
      step: 0,
    });
  });

  it("stays at rest when the content has no motion steps", () => {
    expect(run([{ type: "toggle" }], 0)).toEqual(MOTION_IDLE);
  });
});
