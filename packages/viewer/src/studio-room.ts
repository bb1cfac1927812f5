/**
 * The room the environment presets are rendered from: a white room lit by one overhead lamp and a
 * few bright panels, with boxes on the floor that break up the light.
 *
 * Its layout (the room's size, the boxes, the lamp, the panels' places, sizes and strengths)
 * follows the "neutral" room of Google's `<model-viewer>` (`src/three-components/EnvironmentScene.ts`,
 * Copyright 2021 Google LLC, Apache License 2.0), so that our default scene lights a product as
 * model-viewer's default does; the code is ours. Drawn with model-viewer's own three (r183), it
 * matches model-viewer's frames to 0.2–0.7 ΔE2000 (bench/README.md, viewer/colour). It draws as two
 * meshes (lit walls and boxes, glowing panels), 12 draw calls for the six cube faces.
 */
import {
  BoxGeometry,
  BufferGeometry,
  Color,
  DoubleSide,
  Euler,
  Float32BufferAttribute,
  Matrix3,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PointLight,
  Quaternion,
  Scene,
  Vector3,
} from "three";
import type { TEnvironmentRecipe } from "./scene-math";

type TVec3 = readonly [number, number, number];

/** A box in the room: centre, size, turn about the vertical (radians), and light for a panel. */
interface TBlock {
  at: TVec3;
  size: TVec3;
  turn?: number;
  glow?: number;
}

/** The whole layout sits this far below the probe, so the probe looks from above the boxes. */
const DROP = 3.5;
/**
 * model-viewer shows this room at exposure 1.3 under PBR Neutral (its `COMMERCE_EXPOSURE`); baked
 * in here, so environment intensity 1 at exposure 1 lights a product as model-viewer does.
 */
const BRIGHTNESS = 1.3;
const LAMP = { at: [0.5, 14, 0.5] as TVec3, candela: 400, reach: 28 };
const ROOM: TBlock = { at: [0, 13.2, 0], size: [31.5, 28.5, 31.5] };
const BOXES: readonly TBlock[] = [
  { at: [-10.906, -1, 1.846], size: [2.328, 7.905, 4.651], turn: -0.195 },
  { at: [-5.607, -0.754, -0.758], size: [1.97, 1.534, 3.955], turn: 0.994 },
  { at: [6.167, -0.16, 7.803], size: [3.927, 6.285, 3.687], turn: 0.561 },
  { at: [-2.017, 0.018, 6.124], size: [2.002, 4.566, 2.064], turn: 0.333 },
  { at: [2.291, -0.756, -2.621], size: [1.546, 1.552, 1.496], turn: -0.286 },
  { at: [-2.193, -0.369, -5.547], size: [3.875, 3.487, 2.986], turn: 0.516 },
];
const PANELS: readonly TBlock[] = [
  { at: [-14, 10, 8], size: [0.1, 2.5, 2.5], glow: 80 },
  { at: [-14, 14, -4], size: [0.1, 2.5, 2.5], glow: 80 },
  { at: [14, 12, 0], size: [0.1, 5, 5], glow: 23 },
  { at: [0, 9, 14], size: [5, 5, 0.1], glow: 16 },
  { at: [7, 8, -14], size: [2.5, 2.5, 0.1], glow: 80 },
  { at: [-7, 16, -14], size: [2.5, 2.5, 0.1], glow: 80 },
  { at: [0, 20, 0], size: [0.1, 0.1, 0.1], glow: 1 },
];

function surface(block: TBlock): number {
  const [x, y, z] = block.size;
  return 2 * (x * y + y * z + z * x);
}

/**
 * Every panel at the same strength, the area-weighted mean of the layout's: the room sends out
 * the same light in all, without the contrast between the bright and the dim side.
 */
function evenGlow(): number {
  const area = PANELS.reduce((sum, panel) => sum + surface(panel), 0);
  return PANELS.reduce((sum, panel) => sum + surface(panel) * (panel.glow ?? 0), 0) / area;
}

/** One geometry holding `blocks`, each a unit box placed, turned and sized; `glowOf` gives vertex colours. */
function blocksGeometry(blocks: readonly TBlock[], glowOf?: (block: TBlock) => Color): BufferGeometry {
  const unit = new BoxGeometry();
  const unitPositions = unit.getAttribute("position");
  const unitNormals = unit.getAttribute("normal");
  const unitIndex = unit.getIndex()?.array ?? [];
  const positions: number[] = [];
  const normals: number[] = [];
  const colours: number[] = [];
  const indices: number[] = [];
  const matrix = new Matrix4();
  const normalMatrix = new Matrix3();
  const v = new Vector3();
  for (const block of blocks) {
    const [x, y, z] = block.at;
    const turn = new Quaternion().setFromEuler(new Euler(0, block.turn ?? 0, 0));
    matrix.compose(new Vector3(x, y - DROP, z), turn, new Vector3(...block.size));
    normalMatrix.getNormalMatrix(matrix);
    const glow = glowOf?.(block);
    const base = positions.length / 3;
    for (let i = 0; i < unitPositions.count; i++) {
      v.fromBufferAttribute(unitPositions, i).applyMatrix4(matrix);
      positions.push(v.x, v.y, v.z);
      v.fromBufferAttribute(unitNormals, i).applyMatrix3(normalMatrix).normalize();
      normals.push(v.x, v.y, v.z);
      if (glow) colours.push(glow.r, glow.g, glow.b);
    }
    for (const i of unitIndex) indices.push(base + i);
  }
  unit.dispose();
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geometry.setAttribute("normal", new Float32BufferAttribute(normals, 3));
  if (colours.length > 0) geometry.setAttribute("color", new Float32BufferAttribute(colours, 3));
  geometry.setIndex(indices);
  return geometry;
}

/** A studio room to render into an environment map; `dispose` frees its GPU resources. */
export interface TStudioRoom {
  scene: Scene;
  dispose(): void;
}

/** Builds the room for `recipe`: its tint colours lamp and panels, `isFlat` evens the panels. */
export function createStudioRoom(recipe: TEnvironmentRecipe): TStudioRoom {
  const tint = new Color(recipe.tint);
  const even = recipe.isFlat ? evenGlow() : null;
  const scene = new Scene();
  const lamp = new PointLight(tint, LAMP.candela * BRIGHTNESS, LAMP.reach, 2);
  lamp.position.set(LAMP.at[0], LAMP.at[1] - DROP, LAMP.at[2]);
  // Seen from inside, the room's walls are back faces: drawn double-sided, they light as fronts.
  const walls = new Mesh(
    blocksGeometry([ROOM, ...BOXES]),
    new MeshStandardMaterial({ metalness: 0, roughness: 1, side: DoubleSide }),
  );
  const panels = new Mesh(
    blocksGeometry(PANELS, (panel) => tint.clone().multiplyScalar((even ?? panel.glow ?? 0) * BRIGHTNESS)),
    new MeshBasicMaterial({ vertexColors: true }),
  );
  scene.add(lamp, walls, panels);
  return {
    scene,
    dispose() {
      for (const mesh of [walls, panels]) {
        mesh.geometry.dispose();
        mesh.material.dispose();
      }
      lamp.dispose();
    },
  };
}
