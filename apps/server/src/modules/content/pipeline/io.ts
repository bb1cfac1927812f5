/**
 * Reading and writing models: one IO for the process (its decoders and the meshopt encoder are
 * WebAssembly, compiled once), the Draco writer loaded on first use, reading an upload as the
 * pipeline needs it, and packing a `.gltf` upload into one `.glb`. Draco and meshopt inputs are
 * decoded on the way in.
 */
import type { Document, JSONDocument, NodeIO } from "@gltf-transform/core";
import {
  loadDraco,
  loadGltfCore,
  loadGltfExtensions,
  loadGltfFunctions,
  loadKnownExtensions,
  loadMeshoptimizer,
} from "./packages";

let ioPromise: Promise<NodeIO> | undefined;

/** One IO for the process: the decoders and the encoder are WebAssembly, compiled once. */
export function modelIo(): Promise<NodeIO> {
  ioPromise ??= (async () => {
    const [{ Logger, NodeIO }, { ALL_EXTENSIONS }, { MeshoptDecoder, MeshoptEncoder }, draco3d] =
      await Promise.all([loadGltfCore(), loadGltfExtensions(), loadMeshoptimizer(), loadDraco()]);
    await Promise.all([MeshoptEncoder.ready, MeshoptDecoder.ready]);
    return new NodeIO()
      .setLogger(new Logger(Logger.Verbosity.SILENT))
      .setAllowNetwork(false)
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({
        "draco3d.decoder": await draco3d.createDecoderModule(),
        "meshopt.decoder": MeshoptDecoder,
        "meshopt.encoder": MeshoptEncoder,
      });
  })();
  return ioPromise;
}

let dracoIoPromise: Promise<NodeIO> | undefined;

/**
 * The IO that also writes Draco: its encoder (WebAssembly, ~1 MB) is loaded the first time a large
 * model tries it, not at start, so a server that never sees one never holds it.
 */
export function dracoWriter(): Promise<NodeIO> {
  dracoIoPromise ??= (async () => {
    const [io, draco3d] = await Promise.all([modelIo(), loadDraco()]);
    return io.registerDependencies({ "draco3d.encoder": await draco3d.createEncoderModule() });
  })();
  return dracoIoPromise;
}

/**
 * Draco geometry is decoded on read; dropping the extension writes it back plain (only the
 * decoder is loaded, and the pipeline re-compresses with meshopt anyway).
 */
export function dropDraco(document: Document): void {
  dropExtension(document, "KHR_draco_mesh_compression");
}

/**
 * meshopt geometry is decoded on read; the extension goes too, so that each way of writing the
 * model (meshopt, quantized only, Draco) starts from plain data and adds only its own.
 */
export function dropMeshopt(document: Document): void {
  dropExtension(document, "EXT_meshopt_compression");
}

function dropExtension(document: Document, name: string): void {
  for (const extension of document.getRoot().listExtensionsUsed()) {
    if (extension.extensionName === name) extension.dispose();
  }
}

/**
 * Drops from `extensionsRequired` the extensions the IO does not read: one listed as required but
 * used nowhere (the upload refuses a used one) would stop the reader, and no viewer needs it.
 */
async function withoutUnknownRequired(json: JSONDocument["json"]): Promise<JSONDocument["json"]> {
  const known = await loadKnownExtensions();
  json.extensionsRequired = json.extensionsRequired?.filter((name) => known.has(name));
  return json;
}

/**
 * Reads an upload's `.glb`: the document, and the JSON as uploaded (the repair step counts what
 * the rewrite repairs from it).
 */
export async function readUpload(
  input: Uint8Array,
): Promise<{ read: Document; json: Record<string, unknown> }> {
  const io = await modelIo();
  const parts = await io.binaryToJSON(input);
  const uploaded = structuredClone(parts.json) as unknown as Record<string, unknown>;
  await withoutUnknownRequired(parts.json);
  return { read: await io.readJSON(parts), json: uploaded };
}

/**
 * Packs a glTF JSON and its resources (raw URI → bytes) into one `.glb`: several buffers are
 * joined into the one a GLB holds, data URIs and image files become buffer views. The JSON has
 * passed the Khronos validator, so it has the shape gltf-transform reads.
 */
export async function packGltf(json: object, resources: Map<string, Uint8Array>): Promise<Uint8Array> {
  const io = await modelIo();
  const { unpartition } = await loadGltfFunctions();
  const buffers: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const [uri, bytes] of resources) buffers[uri] = new Uint8Array(bytes);
  const gltf = await withoutUnknownRequired(json as JSONDocument["json"]);
  const document = await io.readJSON({ json: gltf, resources: buffers });
  dropDraco(document);
  await document.transform(unpartition());
  return io.writeBinary(document);
}
