/**
 * Animation steps of the pipeline (issue 16). After gltf-transform's `resample` has removed
 * keyframes that interpolation recreates, `dropRestChannels` removes channels that hold their node
 * at the node's own rest value for the whole clip: three.js shows nothing for them (a node no clip
 * moves stays at its rest value, and when a clip fades out the mixer blends back to that value).
 * Lossless. Clips keep their names and at least one channel each (motion steps name clips), and
 * nodes keep their names (three.js binds tracks by node name). The served model's motion is held
 * to the original's by `test/support/motion.ts` (every vertex, posed at every keyframe time).
 */
import type { AnimationSampler, Document, Node } from "@gltf-transform/core";

/** Keyframes over every sampler of the document. */
export function keyframeCount(document: Document): number {
  let total = 0;
  for (const animation of document.getRoot().listAnimations()) {
    for (const sampler of animation.listSamplers()) total += sampler.getInput()?.getCount() ?? 0;
  }
  return total;
}

function restValue(node: Node, path: string): number[] | null {
  if (path === "translation") return node.getTranslation();
  if (path === "rotation") return node.getRotation();
  if (path === "scale") return node.getScale();
  if (path === "weights")
    return node.getWeights().length > 0 ? node.getWeights() : (node.getMesh()?.getWeights() ?? []);
  return null;
}

/** Whether every keyframe of a LINEAR or STEP sampler equals `rest` (a rotation also as −q). */
function holdsAt(sampler: AnimationSampler, rest: number[], path: string): boolean {
  if (sampler.getInterpolation() === "CUBICSPLINE") return false;
  const output = sampler.getOutput();
  if (!output) return false;
  const values = output.getArray();
  const size = output.getElementSize();
  if (!values || output.getNormalized()) return false;
  if (size !== rest.length || size === 0) return false;
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  for (let i = 0; i < values.length; i += size) {
    let same = true;
    let opposite = path === "rotation";
    for (let k = 0; k < size; k++) {
      const value = values[i + k] as number;
      const target = rest[k] as number;
      if (!close(value, target)) same = false;
      if (!close(-value, target)) opposite = false;
    }
    if (!same && !opposite) return false;
  }
  return true;
}

/**
 * Removes channels that hold their node at its rest value for the whole clip (each clip keeps at
 * least one channel, so that it stays a clip motion steps can name). Returns how many went.
 */
export function dropRestChannels(document: Document): number {
  let dropped = 0;
  for (const animation of document.getRoot().listAnimations()) {
    const channels = animation.listChannels();
    let left = channels.length;
    for (const channel of channels) {
      if (left <= 1) break;
      const node = channel.getTargetNode();
      const sampler = channel.getSampler();
      const path = channel.getTargetPath();
      if (!node || !sampler || !path) continue;
      const rest = restValue(node, path);
      if (!rest || !holdsAt(sampler, rest, path)) continue;
      channel.dispose();
      left--;
      dropped++;
      if (!animation.listChannels().some((other) => other.getSampler() === sampler)) sampler.dispose();
    }
  }
  return dropped;
}
