/**
 * Generated models for the optimiser's tests and bench (issue 16): an assembly as CAD tools
 * export it (45 meshes: a finely tessellated flat base plate, 30 identical bolts each with its
 * own copy of the geometry, 14 brackets in four flat paints) and a flat plate whose detail is
 * only in its vertex colours (simplifying it would wipe the pattern).
 */
import { Document, type Material, type Document as TDocument } from "@gltf-transform/core";

interface TArrays {
  positions: number[];
  normals: number[];
  indices: number[];
  colors?: number[];
}

function meshOf(document: TDocument, name: string, arrays: TArrays, material: Material) {
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const accessor = (type: "VEC3" | "SCALAR", array: Float32Array | Uint32Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", accessor("VEC3", new Float32Array(arrays.positions)))
    .setAttribute("NORMAL", accessor("VEC3", new Float32Array(arrays.normals)))
    .setIndices(accessor("SCALAR", new Uint32Array(arrays.indices)))
    .setMaterial(material);
  if (arrays.colors) primitive.setAttribute("COLOR_0", accessor("VEC3", new Float32Array(arrays.colors)));
  return document.createMesh(name).addPrimitive(primitive);
}

/** A flat grid of `cells`×`cells` quads in the XZ plane, `size` wide, facing up. */
function grid(
  cells: number,
  size: number,
  color?: (i: number, j: number) => [number, number, number],
): TArrays {
  const out: TArrays = { positions: [], normals: [], indices: [], ...(color ? { colors: [] } : {}) };
  for (let i = 0; i <= cells; i++) {
    for (let j = 0; j <= cells; j++) {
      out.positions.push((i / cells - 0.5) * size, 0, (j / cells - 0.5) * size);
      out.normals.push(0, 1, 0);
      if (color && out.colors) out.colors.push(...color(i, j));
    }
  }
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const a = i * (cells + 1) + j;
      const b = a + cells + 1;
      out.indices.push(a, a + 1, b, b, a + 1, b + 1);
    }
  }
  return out;
}

/** A closed cylinder (smooth sides), radius r, height h, `segments` around, `rings` along. */
function cylinder(r: number, h: number, segments: number, rings: number): TArrays {
  const out: TArrays = { positions: [], normals: [], indices: [] };
  for (let k = 0; k <= rings; k++) {
    for (let s = 0; s < segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      out.positions.push(Math.cos(a) * r, (k / rings) * h, Math.sin(a) * r);
      out.normals.push(Math.cos(a), 0, Math.sin(a));
    }
  }
  for (let k = 0; k < rings; k++) {
    for (let s = 0; s < segments; s++) {
      const a = k * segments + s;
      const b = k * segments + ((s + 1) % segments);
      out.indices.push(a, b, a + segments, b, b + segments, a + segments);
    }
  }
  for (const [y, ny] of [
    [0, -1],
    [h, 1],
  ] as const) {
    const centre = out.positions.length / 3;
    out.positions.push(0, y, 0);
    out.normals.push(0, ny, 0);
    for (let s = 0; s < segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      out.positions.push(Math.cos(a) * r, y, Math.sin(a) * r);
      out.normals.push(0, ny, 0);
    }
    for (let s = 0; s < segments; s++) {
      const a = centre + 1 + s;
      const b = centre + 1 + ((s + 1) % segments);
      if (ny > 0) out.indices.push(centre, b, a);
      else out.indices.push(centre, a, b);
    }
  }
  return out;
}

/** A box of the given size centred at the origin (flat faces, 4 vertices each, UVs 0–1 per face). */
export function box(x: number, y: number, z: number): TArrays & { uvs: number[] } {
  const out: TArrays & { uvs: number[] } = { positions: [], normals: [], uvs: [], indices: [] };
  const axes: Array<[number, number, number]> = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ];
  for (const n of axes) {
    const u: [number, number, number] = n[0] !== 0 ? [0, 1, 0] : [1, 0, 0];
    const v: [number, number, number] = [
      n[1] * u[2] - n[2] * u[1],
      n[2] * u[0] - n[0] * u[2],
      n[0] * u[1] - n[1] * u[0],
    ];
    const o = out.positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      out.positions.push(
        ((n[0] + a * u[0] + b * v[0]) * x) / 2,
        ((n[1] + a * u[1] + b * v[1]) * y) / 2,
        ((n[2] + a * u[2] + b * v[2]) * z) / 2,
      );
      out.normals.push(...n);
      out.uvs.push((a + 1) / 2, (b + 1) / 2);
    }
    out.indices.push(o, o + 1, o + 2, o, o + 2, o + 3);
  }
  return out;
}

/** Names of the assembly's four paints and its two metals. */
export const ASSEMBLY_MATERIALS = [
  "Steel",
  "Zinc",
  "Red paint",
  "Blue paint",
  "Yellow paint",
  "Black rubber",
];

/** The 45-mesh assembly (see the file comment). */
export function assemblyDocument(): TDocument {
  const document = new Document();
  document.createBuffer();
  const [steel, zinc, ...paints] = ASSEMBLY_MATERIALS.map((name, i) =>
    document
      .createMaterial(name)
      .setBaseColorFactor([0.2 + 0.13 * i, 0.9 - 0.12 * i, 0.3 + (i % 2) * 0.4, 1])
      .setMetallicFactor(i < 2 ? 1 : 0)
      .setRoughnessFactor(i < 2 ? 0.35 : 0.7),
  );
  if (!steel || !zinc) throw new Error("materials");
  const scene = document.createScene("Assembly");
  const root = document.createNode("Assembly");
  scene.addChild(root);
  const plate = document
    .createNode("Base plate")
    .setMesh(meshOf(document, "Base plate", grid(120, 1), steel));
  root.addChild(plate);
  for (let i = 0; i < 30; i++) {
    const bolt = meshOf(document, `Bolt ${i + 1}`, cylinder(0.012, 0.05, 48, 12), zinc);
    const x = ((i % 6) / 5 - 0.5) * 0.8;
    const z = (Math.floor(i / 6) / 4 - 0.5) * 0.8;
    root.addChild(
      document
        .createNode(`Bolt ${i + 1}`)
        .setMesh(bolt)
        .setTranslation([x, 0, z]),
    );
  }
  for (let i = 0; i < 14; i++) {
    const paint = paints[i % paints.length] ?? steel;
    const bracket = meshOf(document, `Bracket ${i + 1}`, box(0.06 + 0.01 * (i % 3), 0.04, 0.03), paint);
    root.addChild(
      document
        .createNode(`Bracket ${i + 1}`)
        .setMesh(bracket)
        .setTranslation([-0.45 + i * 0.07, 0.02, 0.45]),
    );
  }
  return document;
}

/** A flat plate whose only detail is a checker of vertex colours over a fine grid. */
export function paintedPlateDocument(): TDocument {
  const document = new Document();
  document.createBuffer();
  const material = document.createMaterial("Painted plate").setRoughnessFactor(0.8).setMetallicFactor(0);
  const arrays = grid(64, 1, (i, j) =>
    (Math.floor(i / 4) + Math.floor(j / 4)) % 2 === 0 ? [1, 1, 1] : [0.05, 0.05, 0.6],
  );
  const node = document.createNode("Plate").setMesh(meshOf(document, "Plate", arrays, material));
  document.createScene("Scene").addChild(node);
  return document;
}
