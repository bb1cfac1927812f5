import { NodeIO } from "@gltf-transform/core";
import { optimizeModel } from "/work/wt/optimiser/apps/server/src/modules/content/pipeline";
import { assemblyDocument, paintedPlateDocument } from "/work/wt/optimiser/apps/server/test/support/assembly";
import { readFileSync } from "node:fs";
const io = new NodeIO();
for (const [name, bytes] of [
  ["assembly", await io.writeBinary(assemblyDocument())],
  ["painted", await io.writeBinary(paintedPlateDocument())],
  ["fox", new Uint8Array(readFileSync("/work/wt/optimiser/fixtures/models/Fox.glb"))],
  ["radio", new Uint8Array(readFileSync("/work/wt/optimiser/fixtures/models/Radio.glb"))],
] as const) {
  const t = performance.now();
  const r = await optimizeModel(bytes);
  console.log(name, bytes.byteLength, "->", r.bytes.byteLength, Math.round(performance.now() - t), "ms", JSON.stringify(r.simplify), JSON.stringify(r.info));
}
