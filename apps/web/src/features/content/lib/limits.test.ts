import { DEFAULT_SCENE, type TAnnotation, type TBuild } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { exceededLimit, limitUse } from "./limits";
import { addAnnotation } from "./list-order";

function buildWith(count: number, imagesOfFirst = 0): TBuild {
  let annotations: TAnnotation[] = [];
  for (let i = 0; i < count; i += 1) {
    annotations = addAnnotation(annotations, { id: `a${i}`, title: "T", point: [0, 0, 0], normal: null });
  }
  const first = annotations[0];
  if (first) first.images = Array.from({ length: imagesOfFirst }, (_, i) => `/blobs/i${i}.png`);
  return { annotationinfo: annotations, animationinfo: [], materialinfo: [], sceneinfo: DEFAULT_SCENE };
}

describe("plan limit mirror", () => {
  it("shows Basic has no annotations and Standard has ten", () => {
    expect(limitUse("basic", "annotation", 0)).toMatchObject({ max: 0, canAdd: false });
    expect(limitUse("standard", "annotation", 9)).toMatchObject({ used: 9, max: 10, canAdd: true });
    expect(limitUse("advanced", "annotation", 10).canAdd).toBe(false);
  });

  it("names the limit a build goes over", () => {
    expect(exceededLimit("advanced", buildWith(10))).toBeNull();
    expect(exceededLimit("advanced", buildWith(11))).toMatchObject({ limit: "annotation", max: 10 });
    expect(exceededLimit("basic", buildWith(1))).toMatchObject({ limit: "annotation", max: 0 });
    expect(exceededLimit("standard", buildWith(2, 4))).toEqual({
      limit: "annotation_image",
      max: 3,
      itemId: "a0",
    });
  });
});
