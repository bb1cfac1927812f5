import { DEFAULT_SCENE, type TBuild } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { keyFromFragment, openSnapshot, SEALED_OPEN_ERROR, sealSnapshot } from "./sealed";

const BUILD: TBuild = { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: DEFAULT_SCENE };
const MODEL = new TextEncoder().encode("glTF-binary-model-bytes-0123456789-UNIQUE-MARKER");
const IMAGE = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) % 256);

function seal() {
  return sealSnapshot({
    title: "Secret Walnut Chair",
    build: BUILD,
    specificationImages: ["spec/1.webp"],
    dimensions: [0.5, 0.9, 0.55],
    model: "model.glb",
    files: [
      { path: "model.glb", type: "model/gltf-binary", bytes: MODEL },
      { path: "spec/1.webp", type: "image/webp", bytes: IMAGE },
    ],
  });
}

async function bytesOf(blob: Blob | undefined): Promise<number[]> {
  if (!blob) throw new Error("missing file");
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

describe("sealed snapshots", () => {
  it("open with their key to the same manifest and file bytes", async () => {
    const { ciphertext, key } = await seal();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { manifest, files } = await openSnapshot(ciphertext, key);
    expect(manifest.title).toBe("Secret Walnut Chair");
    expect(manifest.build).toEqual(BUILD);
    expect(manifest.dimensions).toEqual([0.5, 0.9, 0.55]);
    expect(manifest.model).toBe("model.glb");
    expect(files.get("model.glb")?.type).toBe("model/gltf-binary");
    expect(await bytesOf(files.get("model.glb"))).toEqual(Array.from(MODEL));
    expect(await bytesOf(files.get("spec/1.webp"))).toEqual(Array.from(IMAGE));
  });

  it("use a fresh key and IV every time", async () => {
    const [a, b] = await Promise.all([seal(), seal()]);
    expect(a.key).not.toBe(b.key);
    expect(a.ciphertext.slice(0, 12)).not.toEqual(b.ciphertext.slice(0, 12));
  });

  it("keep the title and the model bytes out of the ciphertext", async () => {
    const { ciphertext } = await seal();
    expect(contains(ciphertext, new TextEncoder().encode("Secret Walnut Chair"))).toBe(false);
    expect(contains(ciphertext, new TextEncoder().encode("UNIQUE-MARKER"))).toBe(false);
    expect(contains(ciphertext, new TextEncoder().encode("VTS1"))).toBe(false);
  });

  it("refuse a wrong key with a clear message", async () => {
    const { ciphertext } = await seal();
    const other = (await seal()).key;
    await expect(openSnapshot(ciphertext, other)).rejects.toThrow(SEALED_OPEN_ERROR);
    await expect(openSnapshot(ciphertext, "not a key")).rejects.toThrow(SEALED_OPEN_ERROR);
    expect(SEALED_OPEN_ERROR).toBe("This link's key does not open it.");
  });

  it("refuse altered bytes", async () => {
    const { ciphertext, key } = await seal();
    for (const at of [0, 20, ciphertext.length - 1]) {
      const tampered = ciphertext.slice();
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      await expect(openSnapshot(tampered, key)).rejects.toThrow(SEALED_OPEN_ERROR);
    }
    await expect(openSnapshot(ciphertext.slice(0, 20), key)).rejects.toThrow(SEALED_OPEN_ERROR);
  });

  it("refuse to seal when the model is not among the files", async () => {
    await expect(
      sealSnapshot({
        title: "x",
        build: BUILD,
        specificationImages: [],
        dimensions: null,
        model: "m.glb",
        files: [],
      }),
    ).rejects.toThrow();
  });
});

describe("keyFromFragment", () => {
  const key = `${"A".repeat(42)}w`;
  it("reads the key from #k=…", () => {
    expect(keyFromFragment(`#k=${key}`)).toBe(key);
    expect(keyFromFragment(`k=${key}`)).toBe(key);
    expect(keyFromFragment(`#lang=ko&k=${key}`)).toBe(key);
  });
  it("gives null when there is no well-formed key", () => {
    expect(keyFromFragment("")).toBeNull();
    expect(keyFromFragment("#k=")).toBeNull();
    expect(keyFromFragment("#k=short")).toBeNull();
    expect(keyFromFragment(`#k=${key}!`)).toBeNull();
  });
});
