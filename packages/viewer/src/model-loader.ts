/**
 * Fetches and parses a glTF/GLB. Meshopt decoding is bundled; the Draco decoder (and its loader
 * code) is fetched only when the file lists `KHR_draco_mesh_compression`.
 */
import { FileLoader, LoadingManager } from "three";
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import type { DRACOLoader } from "three/examples/jsm/loaders/DRACOLoader.js";
import { type GLTF, GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

const GLB_MAGIC = 0x46546c67;
const JSON_CHUNK = 0x4e4f534a;

/** The `extensionsUsed` list of a glTF or GLB file (empty when it cannot be read). */
export function extensionsUsed(data: ArrayBuffer): string[] {
  try {
    const view = new DataView(data);
    let json: string;
    if (data.byteLength >= 20 && view.getUint32(0, true) === GLB_MAGIC) {
      const length = view.getUint32(12, true);
      if (view.getUint32(16, true) !== JSON_CHUNK) return [];
      json = new TextDecoder().decode(new Uint8Array(data, 20, length));
    } else {
      json = new TextDecoder().decode(new Uint8Array(data));
    }
    const parsed = JSON.parse(json) as { extensionsUsed?: unknown };
    return Array.isArray(parsed.extensionsUsed)
      ? parsed.extensionsUsed.filter((name): name is string => typeof name === "string")
      : [];
  } catch {
    return [];
  }
}

/** Loads models; keeps the Draco loader (once created) until disposed. */
export interface TModelLoader {
  load(url: string, onProgress?: (loaded: number, total: number) => void): Promise<GLTF>;
  dispose(): void;
}

function baseOf(url: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.slice(0, clean.lastIndexOf("/") + 1);
}

/** Makes a loader whose Draco decoder files are served from `dracoDecoderPath`. */
export function createModelLoader(dracoDecoderPath: string): TModelLoader {
  const manager = new LoadingManager();
  const gltfLoader = new GLTFLoader(manager);
  gltfLoader.setMeshoptDecoder(MeshoptDecoder);
  let draco: DRACOLoader | null = null;

  const fetchBuffer = (url: string, onProgress?: (loaded: number, total: number) => void) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      const fileLoader = new FileLoader(manager);
      fileLoader.setResponseType("arraybuffer");
      fileLoader.load(
        url,
        (data) => {
          if (data instanceof ArrayBuffer) resolve(data);
          else reject(new Error("The model file could not be read."));
        },
        (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0),
        (error) => reject(error instanceof Error ? error : new Error("The model file could not be loaded.")),
      );
    });

  return {
    async load(url, onProgress) {
      const data = await fetchBuffer(url, onProgress);
      if (extensionsUsed(data).includes("KHR_draco_mesh_compression") && !draco) {
        const { DRACOLoader: Draco } = await import("three/examples/jsm/loaders/DRACOLoader.js");
        draco = new Draco(manager);
        draco.setDecoderPath(dracoDecoderPath);
        gltfLoader.setDRACOLoader(draco);
      }
      return gltfLoader.parseAsync(data, baseOf(url));
    },
    dispose() {
      draco?.dispose();
      draco = null;
    },
  };
}
