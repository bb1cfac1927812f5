import { describe, expect, it } from "vitest";
import { checkImageFile, checkModelFiles, checkVideoFile, titleFromFiles } from "./file-checks";

const f = (name: string, size = 100) => ({ name, size });
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe("model file pre-check", () => {
  it("accepts one .glb, or one .gltf with its buffer and textures", () => {
    expect(checkModelFiles([f("Fox.glb")])).toBeNull();
    expect(checkModelFiles([f("scene.gltf"), f("scene.bin"), f("wood.JPG"), f("n.png")])).toBeNull();
  });

  it("says what is wrong with a set", () => {
    expect(checkModelFiles([])).toBe("empty");
    expect(checkModelFiles([f("a.bin"), f("a.png")])).toBe("noModel");
    expect(checkModelFiles([f("a.glb"), f("b.glb")])).toBe("twoModels");
    expect(checkModelFiles([f("a.glb"), f("a.bin")])).toBe("glbAlone");
    expect(checkModelFiles([f("a.gltf"), f("notes.pdf")])).toBe("stray");
    expect(checkModelFiles([f("a.gltf"), f("run.php.png")])).toBe("blocked");
  });

  it("titles a content after its model file", () => {
    expect(titleFromFiles([f("scene.bin"), f("My Chair.gltf")])).toBe("My Chair");
  });
});

describe("media pre-checks", () => {
  it("accepts a png image and refuses one that only pretends", async () => {
    expect(await checkImageFile(new File([png], "a.png", { type: "image/png" }))).toBeNull();
    expect(await checkImageFile(new File([png], "a.jpg"))).toBe("Only jpg and png files can be uploaded.");
    expect(await checkImageFile(new File(["GIF89a"], "a.gif"))).toBe(
      "Only jpg and png files can be uploaded.",
    );
  });

  it("refuses an image over 4 MB", async () => {
    const big = new Uint8Array(4 * 1024 * 1024 + 1);
    big.set(png);
    expect(await checkImageFile(new File([big], "big.png"))).toBe("The image exceeds the size limit.");
  });

  it("accepts an mp4 video and refuses other files", async () => {
    const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);
    expect(await checkVideoFile(new File([mp4], "clip.mp4", { type: "video/mp4" }))).toBeNull();
    expect(await checkVideoFile(new File([png], "clip.mp4"))).toBe("type");
    expect(await checkVideoFile(new File([mp4], "clip.mov"))).toBe("type");
  });
});
