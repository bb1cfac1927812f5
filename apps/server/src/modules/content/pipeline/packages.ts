/**
 * The model pipeline's packages (gltf-transform, meshoptimizer, draco, sharp, the Khronos glTF
 * validator), imported at their first use instead of at start: a server that only serves
 * visitors never loads them, and start-up does not wait for them (bench/README.md,
 * server-memory). Each is imported once per process.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

export const loadSharp = once(async () => (await import("sharp")).default);
export const loadGltfCore = once(() => import("@gltf-transform/core"));
export const loadGltfExtensions = once(() => import("@gltf-transform/extensions"));
export const loadGltfFunctions = once(() => import("@gltf-transform/functions"));
export const loadMeshoptimizer = once(() => import("meshoptimizer"));
export const loadDraco = once(async () => (await import("draco3dgltf")).default);
export const loadGltfValidator = once(() => import("gltf-validator"));

/** The names of the glTF extensions the pipeline reads (gltf-transform's, Draco and meshopt among them). */
export const loadKnownExtensions = once(
  async (): Promise<ReadonlySet<string>> =>
    new Set((await loadGltfExtensions()).ALL_EXTENSIONS.map((extension) => extension.EXTENSION_NAME)),
);
