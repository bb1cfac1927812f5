/**
 * Animation timing as glTF requires it: keyframe times that go backwards, repeat or are negative
 * (`ACCESSOR_ANIMATION_INPUT_NON_INCREASING`, `ACCESSOR_ANIMATION_INPUT_NEGATIVE`) are dropped with
 * their values — three.js's mixer skips over them the same way — and a clip's second channel for
 * a target it already moves (`ANIMATION_DUPLICATE_TARGETS`) goes, as three.js lets the first win.
 */
import type { Accessor, AnimationSampler, Document } from "@gltf-transform/core";

/** What {@link repairKeyframes} changed. */
export interface TKeyframeRepairs {
  keyframes: number;
  channels: number;
}

/** The keyframe indices to keep: times that are not negative and each later than the last. */
function keptKeys(input: Accessor): number[] | null {
  const times = input.getArray();
  if (!times) return null;
  const kept: number[] = [];
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < times.length; i++) {
    const time = times[i] as number;
    if (time < 0 || time <= last) continue;
    kept.push(i);
    last = time;
  }
  return kept.length === times.length ? null : kept;
}

function pick(accessor: Accessor, keys: number[], perKey: number): Accessor {
  const array = accessor.getArray();
  const size = accessor.getElementSize() * perKey;
  if (!array) return accessor;
  const Typed = array.constructor as Float32ArrayConstructor;
  const out = new Typed(keys.length * size);
  keys.forEach((key, i) => {
    out.set(array.subarray(key * size, key * size + size), i * size);
  });
  return accessor.clone().setArray(out);
}

function repairSampler(sampler: AnimationSampler): number {
  const input = sampler.getInput();
  const output = sampler.getOutput();
  if (!input || !output) return 0;
  const keys = keptKeys(input);
  if (!keys) return 0;
  // Values per keyframe: 3 for a cubic spline (tangents around the value), times the morph
  // targets for weights. Copies: another sampler may share the accessors.
  const valuesPerKey = Math.max(1, Math.round(output.getCount() / Math.max(1, input.getCount())));
  sampler.setInput(pick(input, keys, 1));
  sampler.setOutput(pick(output, keys, valuesPerKey));
  return input.getCount() - keys.length;
}

/** Repairs every clip's keyframe times and duplicate channels. */
export function repairKeyframes(document: Document): TKeyframeRepairs {
  const result: TKeyframeRepairs = { keyframes: 0, channels: 0 };
  for (const animation of document.getRoot().listAnimations()) {
    const seen = new Set<string>();
    const targets = new Map<object, number>();
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode();
      if (!node) continue;
      const id = targets.get(node) ?? targets.size;
      targets.set(node, id);
      const key = `${id}/${channel.getTargetPath()}`;
      if (seen.has(key)) {
        channel.dispose();
        result.channels++;
      } else seen.add(key);
    }
    for (const sampler of animation.listSamplers()) result.keyframes += repairSampler(sampler);
  }
  return result;
}
