/**
 * The geometry's encoding, chosen by measuring (issue 29): meshopt (EXT_meshopt_compression,
 * geometry and animation), quantized without a codec when the model has so little geometry that
 * meshopt's JSON entries outweigh its saving, or Draco (KHR_draco_mesh_compression) when its file
 * plus the decoder a first visitor fetches is the smallest. Each is written whole, after the
 * structural steps of `optimize-steps.ts`, and the smallest file wins.
 */
import type { Document } from "@gltf-transform/core";
import type { TOptimizationReport } from "@vitrine/contract";
import { dropEmptyScenes } from "./cleanup";
import { step } from "./errors";
import { geometryBytes } from "./facts";
import { compactGlb } from "./glb-json";
import { dracoWriter, modelIo } from "./io";
import { restructureAndCompress } from "./optimize-steps";
import { loadGltfFunctions, loadMeshoptimizer } from "./packages";

/**
 * What a visitor downloads to decode Draco (`apps/web/public/decoders/draco`: the wasm wrapper and
 * the wasm, gzip; a test keeps this at least their size). meshopt's decoder is in the viewer.
 */
export const DRACO_DECODER_BYTES = 76_000;
/**
 * Draco is chosen when its file plus its decoder is at most this share of the smallest other file:
 * chosen by measuring, as what a first visitor downloads (issue 29; it was 0.8 before, which left
 * models a third larger than the CLI's Draco + WebP).
 */
export const DRACO_MAX_SHARE = 1;
/**
 * Draco is tried only when the geometry in the meshopt file is larger than the decoder (below, it
 * cannot win), and prepared for only when the uncompressed geometry is this large.
 */
export const DRACO_TRY_GEOMETRY_BYTES = 4 * DRACO_DECODER_BYTES;
/**
 * Models whose geometry (vertex and index data before compression) is at most this many bytes are
 * also written quantized without meshopt, and the smaller file is kept: on a box or a small
 * product the EXT_meshopt_compression entries in the JSON outweigh what the codec saves.
 */
export const PLAIN_TRY_BYTES = 64_000;

/**
 * Index lists of primitives with at most 256 vertices are stored as bytes (glTF allows unsigned
 * byte indices; meshopt's index codec does not, so this is for files written without it).
 */
function narrowIndices(document: Document): void {
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const indices = primitive.getIndices();
      const array = indices?.getArray();
      if (!indices || !array || array instanceof Uint8Array) continue;
      if (Math.max(0, ...indices.getMax([])) < 256) indices.setArray(Uint8Array.from(array));
    }
  }
}

const FAILED = "The model's geometry could not be compressed.";

/**
 * Writes `document` in each encoding that can win and answers the smallest file, its encoding and
 * its draw calls. `imageBytes`: the images' share of the file (the same in every encoding).
 */
export async function encodeSmallest(
  document: Document,
  imageBytes: number,
): Promise<{ bytes: Uint8Array; drawCalls: number; geometry: TOptimizationReport["geometry"] }> {
  const io = await modelIo();
  const [{ cloneDocument, draco, meshopt, quantize }, { MeshoptEncoder }] = await Promise.all([
    loadGltfFunctions(),
    loadMeshoptimizer(),
  ]);
  const uncompressed = geometryBytes(document);
  const forDraco = uncompressed >= DRACO_TRY_GEOMETRY_BYTES ? cloneDocument(document) : null;
  const forPlain = uncompressed <= PLAIN_TRY_BYTES ? cloneDocument(document) : null;
  const write = async (d: Document) => compactGlb(await io.writeBinary(dropEmptyScenes(d)));
  let written = await step(FAILED, () =>
    restructureAndCompress(document, meshopt({ encoder: MeshoptEncoder, level: "high" }), write),
  );
  let geometry: TOptimizationReport["geometry"] = "meshopt";
  if (forPlain) {
    // Little geometry: meshopt's saving can be less than what its buffer views add to the JSON.
    const plain = await step(FAILED, () =>
      restructureAndCompress(
        forPlain,
        async (d) => {
          await d.transform(quantize(), narrowIndices);
        },
        write,
      ),
    );
    if (plain.bytes.byteLength < written.bytes.byteLength) {
      written = plain;
      geometry = "quantized";
    }
  }
  // What Draco could shrink: the file less its images.
  if (forDraco && written.bytes.byteLength - imageBytes > DRACO_DECODER_BYTES) {
    const dracoIo = await dracoWriter();
    const withDraco = await step(FAILED, () =>
      restructureAndCompress(forDraco, draco(), async (d) =>
        compactGlb(await dracoIo.writeBinary(dropEmptyScenes(d))),
      ),
    );
    if (withDraco.bytes.byteLength + DRACO_DECODER_BYTES <= written.bytes.byteLength * DRACO_MAX_SHARE) {
      written = withDraco;
      geometry = "draco";
    }
  }
  return { ...written, geometry };
}
