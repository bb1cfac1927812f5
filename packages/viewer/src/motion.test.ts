import { AnimationClip, Object3D, VectorKeyframeTrack } from "three";
import { describe, expect, it } from "vitest";
import { createMotion } from "./motion";

function rig() {
  const root = new Object3D();
  const part = new Object3D();
  part.name = "lid";
  part.position.set(0, 0, 0);
  root.add(part);
  const open = new AnimationClip("Open lid", 1, [
    new VectorKeyframeTrack("lid.position", [0, 1], [0, 0, 0, 0, 2, 0]),
  ]);
  const ended: string[] = [];
  const motion = createMotion(root, [open], (name) => ended.push(name));
  return { part, motion, ended };
}

describe("motion steps", () => {
  it("plays a clip by name, moving the model, and reports its end once", () => {
    const { part, motion, ended } = rig();
    expect(motion.play("No such clip", false)).toBe(false);
    expect(motion.play("Open lid", false)).toBe(true);
    expect(motion.tick(0.5)).toBe(true);
    expect(part.position.y).toBeCloseTo(1, 6);
    expect(motion.tick(0.6)).toBe(false);
    expect(part.position.y).toBeCloseTo(2, 6);
    expect(ended).toEqual(["Open lid"]);
    expect(motion.tick(0.5)).toBe(false);
    expect(ended).toEqual(["Open lid"]);
  });

  it("holds where it is while paused and carries on after resume", () => {
    const { part, motion } = rig();
    motion.play("Open lid", true);
    motion.tick(0.25);
    motion.pause();
    expect(motion.state).toEqual({ clip: "Open lid", isPaused: true });
    expect(motion.tick(0.5)).toBe(false);
    expect(part.position.y).toBeCloseTo(0.5, 6);
    motion.resume();
    expect(motion.tick(0.25)).toBe(true);
    expect(part.position.y).toBeCloseTo(1, 6);
  });

  it("loops without ending, and stop puts the model back at rest", () => {
    const { part, motion, ended } = rig();
    motion.play("Open lid", true);
    motion.tick(0.9);
    expect(motion.tick(0.3)).toBe(true);
    expect(part.position.y).toBeCloseTo(0.4, 6);
    expect(ended).toEqual([]);
    motion.stop();
    expect(part.position.y).toBe(0);
    expect(motion.state).toBeNull();
  });
});
