import { Document, type Material, type Node as TNode } from "@gltf-transform/core";
import {
  KHRMaterialsAnisotropy,
  KHRMaterialsClearcoat,
  KHRMaterialsDispersion,
  KHRMaterialsEmissiveStrength,
  KHRMaterialsIOR,
  KHRMaterialsIridescence,
  KHRMaterialsSheen,
  KHRMaterialsSpecular,
  KHRMaterialsTransmission,
  KHRMaterialsUnlit,
  KHRMaterialsVolume,
} from "@gltf-transform/extensions";
import { boxArrays, cylinderArrays, meshOf, sphereArrays } from "./corpus-parts";

/** A row of spheres, one per KHR_materials_* extension three.js supports. */
export function extensionMaterials(): Document {
  const document = new Document();
  document.createBuffer();
  const scene = document.createScene("Materials");
  const clearcoat = document.createExtension(KHRMaterialsClearcoat);
  const sheen = document.createExtension(KHRMaterialsSheen);
  const transmission = document.createExtension(KHRMaterialsTransmission);
  const volume = document.createExtension(KHRMaterialsVolume);
  const ior = document.createExtension(KHRMaterialsIOR);
  const specular = document.createExtension(KHRMaterialsSpecular);
  const iridescence = document.createExtension(KHRMaterialsIridescence);
  const anisotropy = document.createExtension(KHRMaterialsAnisotropy);
  const emissive = document.createExtension(KHRMaterialsEmissiveStrength);
  const dispersion = document.createExtension(KHRMaterialsDispersion);
  const unlit = document.createExtension(KHRMaterialsUnlit);
  const base = (name: string, color: [number, number, number]) =>
    document
      .createMaterial(name)
      .setBaseColorFactor([...color, 1])
      .setRoughnessFactor(0.4)
      .setMetallicFactor(0);
  const materials: Material[] = [
    base("Clearcoat", [0.8, 0.1, 0.1]).setExtension(
      "KHR_materials_clearcoat",
      clearcoat.createClearcoat().setClearcoatFactor(1).setClearcoatRoughnessFactor(0.05),
    ),
    base("Sheen", [0.2, 0.1, 0.5]).setExtension(
      "KHR_materials_sheen",
      sheen.createSheen().setSheenColorFactor([0.9, 0.7, 1]).setSheenRoughnessFactor(0.6),
    ),
    base("Transmission", [1, 1, 1])
      .setRoughnessFactor(0.05)
      .setExtension("KHR_materials_transmission", transmission.createTransmission().setTransmissionFactor(1)),
    base("Volume", [1, 1, 1])
      .setRoughnessFactor(0.05)
      .setExtension("KHR_materials_transmission", transmission.createTransmission().setTransmissionFactor(1))
      .setExtension(
        "KHR_materials_volume",
        volume
          .createVolume()
          .setThicknessFactor(0.2)
          .setAttenuationColor([0.2, 0.8, 0.4])
          .setAttenuationDistance(0.3),
      ),
    base("IOR", [0.6, 0.6, 0.6]).setExtension("KHR_materials_ior", ior.createIOR().setIOR(2.4)),
    base("Specular", [0.1, 0.4, 0.8]).setExtension(
      "KHR_materials_specular",
      specular.createSpecular().setSpecularFactor(0.8).setSpecularColorFactor([1, 0.8, 0.4]),
    ),
    base("Iridescence", [0.05, 0.05, 0.05])
      .setMetallicFactor(1)
      .setRoughnessFactor(0.2)
      .setExtension(
        "KHR_materials_iridescence",
        iridescence
          .createIridescence()
          .setIridescenceFactor(1)
          .setIridescenceIOR(1.3)
          .setIridescenceThicknessMinimum(100)
          .setIridescenceThicknessMaximum(400),
      ),
    base("Anisotropy", [0.8, 0.8, 0.85])
      .setMetallicFactor(1)
      .setRoughnessFactor(0.35)
      .setExtension(
        "KHR_materials_anisotropy",
        anisotropy.createAnisotropy().setAnisotropyStrength(0.8).setAnisotropyRotation(0.5),
      ),
    base("Emissive strength", [0.1, 0.1, 0.1])
      .setEmissiveFactor([1, 0.5, 0.1])
      .setExtension(
        "KHR_materials_emissive_strength",
        emissive.createEmissiveStrength().setEmissiveStrength(4),
      ),
    base("Dispersion", [1, 1, 1])
      .setRoughnessFactor(0)
      .setExtension("KHR_materials_transmission", transmission.createTransmission().setTransmissionFactor(1))
      .setExtension("KHR_materials_volume", volume.createVolume().setThicknessFactor(0.4))
      .setExtension("KHR_materials_ior", ior.createIOR().setIOR(1.8))
      .setExtension("KHR_materials_dispersion", dispersion.createDispersion().setDispersion(3)),
    base("Unlit", [0.2, 0.7, 0.3]).setExtension("KHR_materials_unlit", unlit.createUnlit()),
  ];
  materials.forEach((material, i) => {
    // UVs on every sphere: three.js derives anisotropy's tangent frame from them.
    const mesh = meshOf(document, material.getName(), sphereArrays(0.1, 32, 16), material, true);
    scene.addChild(
      document
        .createNode(material.getName())
        .setMesh(mesh)
        .setTranslation([(i % 6) * 0.24 - 0.6, 0, Math.floor(i / 6) * 0.24]),
    );
  });
  return document;
}

/**
 * A skinned bar of 8 segments bent by two joints, with one clip; every fourth vertex's weights
 * sum to 1.04 (what the Khronos validator reports for three.js's RobotExpressive.glb).
 */
export function skinnedBadWeights(): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const segments = 8;
  const around = 12;
  const positions: number[] = [];
  const normals: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  for (let k = 0; k <= segments; k++) {
    const y = k / segments;
    for (let s = 0; s < around; s++) {
      const a = (s / around) * Math.PI * 2;
      positions.push(Math.cos(a) * 0.08, y, Math.sin(a) * 0.08);
      normals.push(Math.cos(a), 0, Math.sin(a));
      const w = Math.min(1, Math.max(0, (y - 0.3) / 0.4));
      joints.push(0, 1, 0, 0);
      const bad = (k * around + s) % 4 === 0 ? 1.04 : 1;
      weights.push((1 - w) * bad, w * bad, 0, 0);
    }
  }
  for (let k = 0; k < segments; k++) {
    for (let s = 0; s < around; s++) {
      const a = k * around + s;
      const b = k * around + ((s + 1) % around);
      indices.push(a, a + around, b, b, a + around, b + around);
    }
  }
  const accessor = (
    type: "VEC3" | "VEC4" | "SCALAR" | "MAT4",
    array: Float32Array | Uint16Array | Uint8Array,
  ) => document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = document.createMaterial("Rubber").setBaseColorFactor([0.2, 0.5, 0.9, 1]);
  const primitive = document
    .createPrimitive()
    .setAttribute("POSITION", accessor("VEC3", new Float32Array(positions)))
    .setAttribute("NORMAL", accessor("VEC3", new Float32Array(normals)))
    .setAttribute("JOINTS_0", accessor("VEC4", new Uint8Array(joints)))
    .setAttribute("WEIGHTS_0", accessor("VEC4", new Float32Array(weights)))
    .setIndices(accessor("SCALAR", new Uint16Array(indices)))
    .setMaterial(material);
  const mesh = document.createMesh("Bar").addPrimitive(primitive);
  const lower = document.createNode("Lower");
  const upper = document.createNode("Upper").setTranslation([0, 0.5, 0]);
  lower.addChild(upper);
  const inverse = new Float32Array([
    1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.5, 0, 1,
  ]);
  const skin = document
    .createSkin("Bar skin")
    .addJoint(lower)
    .addJoint(upper)
    .setInverseBindMatrices(accessor("MAT4", inverse));
  const body = document.createNode("Bar").setMesh(mesh).setSkin(skin);
  document.createScene("Scene").addChild(lower).addChild(body);
  const times = accessor("SCALAR", new Float32Array([0, 0.5, 1, 1.5, 2]));
  const rotations = (angle: number) => [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
  const values = accessor(
    "VEC4",
    new Float32Array([0, 0.6, 0, -0.6, 0].flatMap((angle) => rotations(angle))),
  );
  const sampler = document
    .createAnimationSampler()
    .setInput(times)
    .setOutput(values)
    .setInterpolation("LINEAR");
  document
    .createAnimation("Bend")
    .addSampler(sampler)
    .addChannel(
      document.createAnimationChannel().setTargetNode(upper).setTargetPath("rotation").setSampler(sampler),
    );
  return document;
}

/**
 * An animated assembly of 120 parts (a frame, 40 bolts and 40 washers each with its own copy of
 * the geometry, 36 fan blades turning on 3 hubs) with two clips; written valid, then given
 * strided animation views (`strideAnimationViews`).
 */
export function animatedAssembly(): Document {
  const document = new Document();
  document.createBuffer();
  const paint = (name: string, color: [number, number, number], metal = 0) =>
    document
      .createMaterial(name)
      .setBaseColorFactor([...color, 1])
      .setMetallicFactor(metal)
      .setRoughnessFactor(metal ? 0.35 : 0.7);
  const steel = paint("Steel", [0.7, 0.72, 0.75], 1);
  const zinc = paint("Zinc", [0.85, 0.85, 0.8], 1);
  const red = paint("Red paint", [0.75, 0.1, 0.08]);
  const grey = paint("Grey paint", [0.35, 0.36, 0.38]);
  const scene = document.createScene("Fan bank");
  const root = document.createNode("Fan bank");
  scene.addChild(root);
  root.addChild(
    document.createNode("Frame").setMesh(meshOf(document, "Frame", boxArrays(1.2, 0.04, 0.5), grey)),
  );
  for (let i = 0; i < 40; i++) {
    const x = ((i % 20) / 19 - 0.5) * 1.1;
    const z = i < 20 ? -0.22 : 0.22;
    root.addChild(
      document
        .createNode(`Bolt ${i + 1}`)
        .setMesh(meshOf(document, `Bolt ${i + 1}`, cylinderArrays(0.008, 0.03, 12), zinc))
        .setTranslation([x, 0.02, z]),
    );
    root.addChild(
      document
        .createNode(`Washer ${i + 1}`)
        .setMesh(meshOf(document, `Washer ${i + 1}`, cylinderArrays(0.014, 0.003, 16), steel))
        .setTranslation([x, 0.02, z]),
    );
  }
  const buffer = document.getRoot().listBuffers()[0] ?? null;
  const times = document
    .createAccessor()
    .setType("SCALAR")
    .setArray(new Float32Array([0, 0.5, 1, 1.5, 2]))
    .setBuffer(buffer);
  const spin = document.createAnimation("Spin");
  const lift = document.createAnimation("Lift");
  const hubs: TNode[] = [];
  for (let h = 0; h < 3; h++) {
    const hub = document
      .createNode(`Hub ${h + 1}`)
      .setMesh(meshOf(document, `Hub ${h + 1}`, cylinderArrays(0.03, 0.04, 24), steel))
      .setTranslation([(h - 1) * 0.38, 0.04, 0]);
    hubs.push(hub);
    root.addChild(hub);
    for (let b = 0; b < 12; b++) {
      const angle = (b / 12) * Math.PI * 2;
      hub.addChild(
        document
          .createNode(`Blade ${h * 12 + b + 1}`)
          .setMesh(meshOf(document, `Blade ${h * 12 + b + 1}`, boxArrays(0.13, 0.004, 0.03), red))
          .setTranslation([Math.cos(angle) * 0.09, 0.03, Math.sin(angle) * 0.09])
          .setRotation([0, Math.sin(-angle / 2), 0, Math.cos(-angle / 2)]),
      );
    }
    const quarter = (k: number) => [0, Math.sin((k * Math.PI) / 4), 0, Math.cos((k * Math.PI) / 4)];
    const rotations = document
      .createAccessor()
      .setType("VEC4")
      .setArray(new Float32Array([0, 1, 2, 3, 4].flatMap((k) => quarter(k * (h % 2 ? -1 : 1)))))
      .setBuffer(buffer);
    const sampler = document.createAnimationSampler().setInput(times).setOutput(rotations);
    spin
      .addSampler(sampler)
      .addChannel(
        document.createAnimationChannel().setTargetNode(hub).setTargetPath("rotation").setSampler(sampler),
      );
    const heights = document
      .createAccessor()
      .setType("VEC3")
      .setArray(new Float32Array([0, 0.5, 1, 0.5, 0].flatMap((t) => [(h - 1) * 0.38, 0.04 + t * 0.08, 0])))
      .setBuffer(buffer);
    const liftSampler = document.createAnimationSampler().setInput(times).setOutput(heights);
    lift
      .addSampler(liftSampler)
      .addChannel(
        document
          .createAnimationChannel()
          .setTargetNode(hub)
          .setTargetPath("translation")
          .setSampler(liftSampler),
      );
  }
  return document;
}
