/** Motion steps: plays the model's animation clips with an AnimationMixer. */
import {
  type AnimationAction,
  type AnimationClip,
  AnimationMixer,
  LoopOnce,
  LoopRepeat,
  type Object3D,
} from "three";

/** The clip player of one model. */
export interface TMotion {
  play(name: string, loop: boolean): boolean;
  pause(): void;
  resume(): void;
  stop(): void;
  /** Advances time; true while something is moving (a frame is needed next). */
  tick(delta: number): boolean;
  readonly state: { clip: string; isPaused: boolean } | null;
  dispose(): void;
}

/** Makes the player; `onEnd` hears the name of a clip played once when it reaches its end. */
export function createMotion(
  root: Object3D,
  clips: readonly AnimationClip[],
  onEnd: (name: string) => void,
): TMotion {
  const mixer = new AnimationMixer(root);
  let action: AnimationAction | null = null;
  let isPaused = false;
  let isRunning = false;

  const handleFinished = (event: { action: AnimationAction }) => {
    if (event.action !== action) return;
    isRunning = false;
    onEnd(event.action.getClip().name);
  };
  mixer.addEventListener("finished", handleFinished);

  return {
    play(name, loop) {
      const clip = clips.find((c) => c.name === name);
      if (!clip) return false;
      mixer.stopAllAction();
      action = mixer.clipAction(clip);
      action.setLoop(loop ? LoopRepeat : LoopOnce, loop ? Number.POSITIVE_INFINITY : 1);
      // A clip played once holds its last pose until stopped, like a finished demonstration.
      action.clampWhenFinished = true;
      action.reset().play();
      isPaused = false;
      isRunning = true;
      return true;
    },
    pause() {
      if (!action) return;
      isPaused = true;
      action.paused = true;
    },
    resume() {
      if (!action) return;
      isPaused = false;
      action.paused = false;
      if (action.isRunning()) isRunning = true;
    },
    stop() {
      // Deactivating every action restores the bound properties to their rest values.
      mixer.stopAllAction();
      action = null;
      isPaused = false;
      isRunning = false;
    },
    tick(delta) {
      if (!action || isPaused || !isRunning) return false;
      mixer.update(delta);
      return isRunning;
    },
    get state() {
      return action ? { clip: action.getClip().name, isPaused } : null;
    },
    dispose() {
      mixer.removeEventListener("finished", handleFinished);
      mixer.stopAllAction();
      mixer.uncacheRoot(root);
    },
  };
}
