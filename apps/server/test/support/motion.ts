/**
 * Poses a model as glTF defines it (node transforms, skins, morph targets; STEP, LINEAR with
 * slerp, CUBICSPLINE) at each keyframe time of each clip and halfway between, and measures how far
 * any vertex of one model lands from the same vertex of another (issue 16): the served model's
 * motion against the uploaded one's.
 */
import type { Accessor, Animation, Document, Node, Primitive } from "@gltf-transform/core";

/**
 * How far the served motion may put any vertex from where the uploaded motion puts it, as a share
 * of the model's size: one pixel of a 2048 px view of the whole model. Keyframes are stored as
 * meshopt's filters quantize them (16-bit quaternions, 12-bit exponents) after resample's 1e-4;
 * the served Fox lands at 0.83 px (0.27 px before quantization).
 */
export const MOTION_MAX_ERROR = 1 / 2048;
/** At most this many times are checked per clip (spread evenly over its keyframe times). */
const MAX_SAMPLE_TIMES = 480;
/** At most this many distinct vertices are followed per primitive (spread evenly). */
const MAX_VERTICES = 6000;

type TMat = Float64Array;

function identity(): TMat {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

/** out = a · b (column-major 4×4). */
function multiply(out: TMat, a: TMat, b: TMat): TMat {
  for (let col = 0; col < 4; col++) {
    const b0 = b[col * 4] as number;
    const b1 = b[col * 4 + 1] as number;
    const b2 = b[col * 4 + 2] as number;
    const b3 = b[col * 4 + 3] as number;
    for (let row = 0; row < 4; row++) {
      out[col * 4 + row] =
        (a[row] as number) * b0 +
        (a[4 + row] as number) * b1 +
        (a[8 + row] as number) * b2 +
        (a[12 + row] as number) * b3;
    }
  }
  return out;
}

/** A matrix from translation, rotation (x, y, z, w) and scale, as glTF composes them. */
function compose(out: TMat, t: ArrayLike<number>, r: ArrayLike<number>, s: ArrayLike<number>): TMat {
  const [x, y, z, w] = [r[0] ?? 0, r[1] ?? 0, r[2] ?? 0, r[3] ?? 1];
  const length = Math.hypot(x, y, z, w) || 1;
  const qx = x / length;
  const qy = y / length;
  const qz = z / length;
  const qw = w / length;
  const [sx, sy, sz] = [s[0] ?? 1, s[1] ?? 1, s[2] ?? 1];
  out[0] = (1 - 2 * (qy * qy + qz * qz)) * sx;
  out[1] = 2 * (qx * qy + qz * qw) * sx;
  out[2] = 2 * (qx * qz - qy * qw) * sx;
  out[3] = 0;
  out[4] = 2 * (qx * qy - qz * qw) * sy;
  out[5] = (1 - 2 * (qx * qx + qz * qz)) * sy;
  out[6] = 2 * (qy * qz + qx * qw) * sy;
  out[7] = 0;
  out[8] = 2 * (qx * qz + qy * qw) * sz;
  out[9] = 2 * (qy * qz - qx * qw) * sz;
  out[10] = (1 - 2 * (qx * qx + qy * qy)) * sz;
  out[11] = 0;
  out[12] = t[0] ?? 0;
  out[13] = t[1] ?? 0;
  out[14] = t[2] ?? 0;
  out[15] = 1;
  return out;
}

/** An accessor's elements as plain (denormalised) numbers, `size` per element. */
function floats(accessor: Accessor): { values: Float64Array; size: number } {
  const size = accessor.getElementSize();
  const count = accessor.getCount();
  const values = new Float64Array(count * size);
  const element: number[] = [];
  for (let i = 0; i < count; i++) {
    accessor.getElement(i, element);
    for (let k = 0; k < size; k++) values[i * size + k] = element[k] ?? 0;
  }
  return { values, size };
}

/** One sampler read into numbers, for evaluation at any time. */
interface TTrack {
  node: number;
  path: "translation" | "rotation" | "scale" | "weights";
  interpolation: string;
  times: Float64Array;
  values: Float64Array;
  /** Numbers per keyframe (4 for rotations, the morph target count for weights). */
  size: number;
}

/** The value of a track at time `t` into `out` (glTF's STEP, LINEAR with slerp, CUBICSPLINE). */
function sampleTrack(track: TTrack, t: number, out: Float64Array): void {
  const { times, values, size } = track;
  const cubic = track.interpolation === "CUBICSPLINE";
  const stride = cubic ? size * 3 : size;
  const valueAt = (key: number, k: number) => values[key * stride + (cubic ? size : 0) + k] as number;
  const last = times.length - 1;
  if (last < 0) return;
  if (t <= (times[0] as number) || last === 0) {
    for (let k = 0; k < size; k++) out[k] = valueAt(0, k);
    return;
  }
  if (t >= (times[last] as number)) {
    for (let k = 0; k < size; k++) out[k] = valueAt(last, k);
    return;
  }
  let low = 0;
  let high = last;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((times[mid] as number) <= t) low = mid;
    else high = mid;
  }
  const t0 = times[low] as number;
  const t1 = times[high] as number;
  const span = t1 - t0;
  const u = span > 0 ? (t - t0) / span : 0;
  if (track.interpolation === "STEP") {
    for (let k = 0; k < size; k++) out[k] = valueAt(low, k);
    return;
  }
  if (cubic) {
    const u2 = u * u;
    const u3 = u2 * u;
    for (let k = 0; k < size; k++) {
      const p0 = valueAt(low, k);
      const m0 = (values[low * stride + 2 * size + k] as number) * span;
      const p1 = valueAt(high, k);
      const m1 = (values[high * stride + k] as number) * span;
      out[k] = (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1;
    }
    if (track.path === "rotation") normalize4(out);
    return;
  }
  if (track.path === "rotation") {
    slerp(out, values, low * 4, high * 4, u);
    return;
  }
  for (let k = 0; k < size; k++) out[k] = valueAt(low, k) * (1 - u) + valueAt(high, k) * u;
}

function normalize4(q: Float64Array): void {
  const length = Math.hypot(q[0] ?? 0, q[1] ?? 0, q[2] ?? 0, q[3] ?? 0) || 1;
  for (let k = 0; k < 4; k++) q[k] = (q[k] ?? 0) / length;
}

/** Spherical interpolation of the quaternions at `a` and `b` in `values` (the shorter way). */
function slerp(out: Float64Array, values: Float64Array, a: number, b: number, u: number): void {
  let cos = 0;
  for (let k = 0; k < 4; k++) cos += (values[a + k] as number) * (values[b + k] as number);
  const sign = cos < 0 ? -1 : 1;
  cos *= sign;
  let wa = 1 - u;
  let wb = u * sign;
  if (cos < 0.9995) {
    const angle = Math.acos(Math.min(1, cos));
    const sin = Math.sin(angle);
    wa = Math.sin((1 - u) * angle) / sin;
    wb = (Math.sin(u * angle) / sin) * sign;
  }
  for (let k = 0; k < 4; k++) out[k] = (values[a + k] as number) * wa + (values[b + k] as number) * wb;
  normalize4(out);
}

/** A primitive's vertices as followed by the check: its distinct posing inputs, at most {@link MAX_VERTICES}. */
interface TVertexSet {
  count: number;
  positions: Float64Array;
  /** Per vertex up to 8 joints (index into the skin's joints) and weights; empty when not skinned. */
  joints: Uint16Array;
  weights: Float64Array;
  influences: number;
  /** Morph target position deltas, target-major (count × 3 each). */
  targets: Float64Array[];
}

function vertexSet(primitive: Primitive, skinned: boolean): TVertexSet | null {
  const position = primitive.getAttribute("POSITION");
  if (!position || position.getCount() === 0) return null;
  const sets = skinned
    ? [0, 1]
        .map(
          (set) =>
            [primitive.getAttribute(`JOINTS_${set}`), primitive.getAttribute(`WEIGHTS_${set}`)] as const,
        )
        .filter(([j, w]) => j && w)
    : [];
  const influences = sets.length * 4;
  const pos = floats(position).values;
  const jointArrays = sets.map(([j]) => floats(j as Accessor).values);
  const weightArrays = sets.map(([, w]) => floats(w as Accessor).values);
  const targets = primitive
    .listTargets()
    .map((target) => target.getAttribute("POSITION"))
    .map((accessor) => (accessor ? floats(accessor).values : null));
  // Distinct vertices only: a flat-shaded mesh repeats each position once per face.
  const seen = new Set<string>();
  const picked: number[] = [];
  const total = position.getCount();
  for (let i = 0; i < total; i++) {
    let key = `${pos[i * 3]},${pos[i * 3 + 1]},${pos[i * 3 + 2]}`;
    for (let s = 0; s < sets.length; s++) {
      for (let k = 0; k < 4; k++) key += `,${jointArrays[s]?.[i * 4 + k]}:${weightArrays[s]?.[i * 4 + k]}`;
    }
    for (const target of targets)
      if (target) key += `,${target[i * 3]},${target[i * 3 + 1]},${target[i * 3 + 2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(i);
  }
  const step = Math.max(1, picked.length / MAX_VERTICES);
  const chosen: number[] = [];
  for (let p = 0; p < picked.length; p += step) chosen.push(picked[Math.floor(p)] as number);
  const count = chosen.length;
  const set: TVertexSet = {
    count,
    positions: new Float64Array(count * 3),
    joints: new Uint16Array(count * influences),
    weights: new Float64Array(count * influences),
    influences,
    targets: targets.map(() => new Float64Array(count * 3)),
  };
  chosen.forEach((source, v) => {
    for (let k = 0; k < 3; k++) set.positions[v * 3 + k] = pos[source * 3 + k] as number;
    for (let s = 0; s < sets.length; s++) {
      for (let k = 0; k < 4; k++) {
        set.joints[v * influences + s * 4 + k] = jointArrays[s]?.[source * 4 + k] ?? 0;
        set.weights[v * influences + s * 4 + k] = weightArrays[s]?.[source * 4 + k] ?? 0;
      }
    }
    targets.forEach((target, t) => {
      for (let k = 0; k < 3; k++) (set.targets[t] as Float64Array)[v * 3 + k] = target?.[source * 3 + k] ?? 0;
    });
  });
  return set;
}

/** What is drawn: a node with a mesh, its vertices per primitive, and its skin's joints and bind matrices. */
interface TDrawn {
  node: number;
  primitives: TVertexSet[];
  /** Rest weights of the morph targets (node's, else mesh's). */
  weights: number[];
  joints: number[] | null;
  inverseBinds: Float64Array | null;
}

/**
 * A document read for posing: nodes in parent-first order with their rest transforms, what is
 * drawn, and each clip's tracks. Two documents from the same model (original and reduced) have
 * the same nodes in the same order, so poses compare vertex by vertex.
 */
export interface TPoseModel {
  parents: Int32Array;
  order: number[];
  rest: { t: number[]; r: number[]; s: number[] }[];
  drawn: TDrawn[];
  clips: { tracks: TTrack[]; times: Float64Array }[];
  size: number;
}

/** Reads a document for posing (`size`: the model's largest side at rest, for the bound). */
export function poseModel(document: Document, size: number): TPoseModel {
  const root = document.getRoot();
  const nodes = root.listNodes();
  const index = new Map<Node, number>(nodes.map((node, i) => [node, i]));
  const parents = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node) => {
    for (const child of node.listChildren()) parents[index.get(child) as number] = index.get(node) as number;
  });
  const order: number[] = [];
  const visit = (i: number) => {
    order.push(i);
    for (const child of (nodes[i] as Node).listChildren()) visit(index.get(child) as number);
  };
  nodes.forEach((_, i) => {
    if (parents[i] === -1) visit(i);
  });
  const rest = nodes.map((node) => ({ t: node.getTranslation(), r: node.getRotation(), s: node.getScale() }));
  const drawn: TDrawn[] = [];
  nodes.forEach((node, i) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const skin = node.getSkin();
    const primitives = mesh
      .listPrimitives()
      .map((primitive) => vertexSet(primitive, skin !== null))
      .filter((set): set is TVertexSet => set !== null);
    const weights = node.getWeights().length > 0 ? node.getWeights() : mesh.getWeights();
    const inverse = skin?.getInverseBindMatrices();
    drawn.push({
      node: i,
      primitives,
      weights,
      joints: skin ? skin.listJoints().map((joint) => index.get(joint) as number) : null,
      inverseBinds: skin ? (inverse ? floats(inverse).values : null) : null,
    });
  });
  return { parents, order, rest, drawn, clips: readClips(document), size };
}

/** Each clip's tracks and check times (nodes indexed in the document's order). */
function readClips(document: Document): TPoseModel["clips"] {
  const root = document.getRoot();
  const index = new Map<Node, number>(root.listNodes().map((node, i) => [node, i]));
  return root.listAnimations().map((animation) => readClip(animation, index));
}

/**
 * `model` (read from one document) moved by the clips of `other`, a processed copy of it, with
 * `other`'s channels bound to `model`'s nodes by name, as three.js binds them. Processing may add
 * nodes (quantization) and weld or simplify vertices, so vertices are not compared across files:
 * the same vertices, moved by the other file's motion, are.
 */
export function movedBy(model: TPoseModel, document: Document, other: Document): TPoseModel {
  const byName = new Map<string, number>();
  document
    .getRoot()
    .listNodes()
    .forEach((node, i) => {
      if (node.getName()) byName.set(node.getName(), i);
    });
  const index = new Map<Node, number>();
  for (const node of other.getRoot().listNodes()) {
    const at = byName.get(node.getName());
    if (at !== undefined) index.set(node, at);
  }
  const clips = other
    .getRoot()
    .listAnimations()
    .map((animation) => ({ tracks: readClip(animation, index).tracks, times: new Float64Array(0) }));
  return { ...model, clips };
}

function readClip(animation: Animation, index: Map<Node, number>): { tracks: TTrack[]; times: Float64Array } {
  const tracks: TTrack[] = [];
  const allTimes = new Set<number>();
  for (const channel of animation.listChannels()) {
    const node = channel.getTargetNode();
    const sampler = channel.getSampler();
    const path = channel.getTargetPath();
    const input = sampler?.getInput();
    const output = sampler?.getOutput();
    if (!node || !sampler || !input || !output || !path || !index.has(node)) continue;
    if (path !== "translation" && path !== "rotation" && path !== "scale" && path !== "weights") continue;
    const times = floats(input).values;
    const { values } = floats(output);
    const frames = sampler.getInterpolation() === "CUBICSPLINE" ? times.length * 3 : times.length;
    const size = frames > 0 ? values.length / frames : 0;
    for (const time of times) allTimes.add(time);
    tracks.push({
      node: index.get(node) as number,
      path,
      interpolation: sampler.getInterpolation(),
      times,
      values,
      size,
    });
  }
  const sorted = Float64Array.from([...allTimes].sort((a, b) => a - b));
  // Halfway between keyframes too: where dropped keyframes leave the widest gaps.
  const withMidpoints: number[] = [];
  sorted.forEach((time, i) => {
    withMidpoints.push(time);
    const next = sorted[i + 1];
    if (next !== undefined) withMidpoints.push((time + next) / 2);
  });
  const step = Math.max(1, withMidpoints.length / MAX_SAMPLE_TIMES);
  const times: number[] = [];
  for (let p = 0; p < withMidpoints.length; p += step) times.push(withMidpoints[Math.floor(p)] as number);
  const lastTime = withMidpoints[withMidpoints.length - 1];
  if (lastTime !== undefined && times[times.length - 1] !== lastTime) times.push(lastTime);
  return { tracks, times: Float64Array.from(times) };
}

/**
 * Every followed vertex of `model` posed by `clip` at `time`, in world space, into `out` (drawn by
 * drawn, primitive by primitive, 3 numbers per vertex). `out` is sized by the first call.
 */
function pose(model: TPoseModel, clip: number, time: number, out: number[]): void {
  const count = model.rest.length;
  const t = model.rest.map((rest) => Float64Array.from(rest.t));
  const r = model.rest.map((rest) => Float64Array.from(rest.r));
  const s = model.rest.map((rest) => Float64Array.from(rest.s));
  const weights = new Map<number, Float64Array>();
  for (const track of model.clips[clip]?.tracks ?? []) {
    if (track.path === "weights") {
      const w = new Float64Array(track.size);
      sampleTrack(track, time, w);
      weights.set(track.node, w);
      continue;
    }
    const target = track.path === "translation" ? t : track.path === "rotation" ? r : s;
    sampleTrack(track, time, target[track.node] as Float64Array);
  }
  const world: TMat[] = new Array(count);
  const local = identity();
  for (const i of model.order) {
    compose(local, t[i] as Float64Array, r[i] as Float64Array, s[i] as Float64Array);
    const parent = model.parents[i] as number;
    world[i] =
      parent >= 0 ? multiply(new Float64Array(16), world[parent] as TMat, local) : Float64Array.from(local);
  }
  let o = 0;
  const jointMatrix = new Float64Array(16);
  for (const drawn of model.drawn) {
    const nodeWeights = weights.get(drawn.node) ?? Float64Array.from(drawn.weights);
    const jointMatrices = drawn.joints?.map((joint, j) => {
      const inverse = drawn.inverseBinds ? drawn.inverseBinds.subarray(j * 16, j * 16 + 16) : identity();
      return Float64Array.from(multiply(jointMatrix, world[joint] ?? identity(), inverse));
    });
    const nodeWorld = world[drawn.node] as TMat;
    for (const set of drawn.primitives) {
      for (let v = 0; v < set.count; v++) {
        let x = set.positions[v * 3] as number;
        let y = set.positions[v * 3 + 1] as number;
        let z = set.positions[v * 3 + 2] as number;
        for (let m = 0; m < set.targets.length; m++) {
          const w = nodeWeights[m] ?? 0;
          if (w === 0) continue;
          const delta = set.targets[m] as Float64Array;
          x += w * (delta[v * 3] as number);
          y += w * (delta[v * 3 + 1] as number);
          z += w * (delta[v * 3 + 2] as number);
        }
        let px = 0;
        let py = 0;
        let pz = 0;
        if (jointMatrices) {
          for (let k = 0; k < set.influences; k++) {
            const w = set.weights[v * set.influences + k] as number;
            if (w === 0) continue;
            const m = jointMatrices[set.joints[v * set.influences + k] as number] ?? identity();
            px +=
              w * ((m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number));
            py +=
              w * ((m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number));
            pz +=
              w * ((m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number));
          }
        } else {
          const m = nodeWorld;
          px = (m[0] as number) * x + (m[4] as number) * y + (m[8] as number) * z + (m[12] as number);
          py = (m[1] as number) * x + (m[5] as number) * y + (m[9] as number) * z + (m[13] as number);
          pz = (m[2] as number) * x + (m[6] as number) * y + (m[10] as number) * z + (m[14] as number);
        }
        out[o++] = px;
        out[o++] = py;
        out[o++] = pz;
      }
    }
  }
}

/**
 * The poses of `model` at each clip's check times, flattened: computed once for the original and
 * compared against each candidate.
 */
export function allPoses(model: TPoseModel): number[][][] {
  return model.clips.map((_, clip) =>
    Array.from(model.clips[clip]?.times ?? [], (time) => {
      const out: number[] = [];
      pose(model, clip, time, out);
      return out;
    }),
  );
}

/**
 * The largest distance any followed vertex moves between `original` (posed by {@link allPoses})
 * and `candidate` at the same times, as a share of the model's size. Infinity when they do not
 * correspond (a different vertex count).
 */
export function motionError(
  originalPoses: number[][][],
  original: TPoseModel,
  candidate: TPoseModel,
): number {
  let worst = 0;
  const out: number[] = [];
  for (let clip = 0; clip < original.clips.length; clip++) {
    const times = original.clips[clip]?.times ?? new Float64Array(0);
    for (let i = 0; i < times.length; i++) {
      out.length = 0;
      pose(candidate, clip, times[i] as number, out);
      const reference = originalPoses[clip]?.[i] ?? [];
      if (reference.length !== out.length) return Number.POSITIVE_INFINITY;
      for (let k = 0; k < out.length; k += 3) {
        const d = Math.hypot(
          (out[k] as number) - (reference[k] as number),
          (out[k + 1] as number) - (reference[k + 1] as number),
          (out[k + 2] as number) - (reference[k + 2] as number),
        );
        if (d > worst) worst = d;
      }
    }
  }
  return original.size > 0 ? worst / original.size : worst === 0 ? 0 : Number.POSITIVE_INFINITY;
}
