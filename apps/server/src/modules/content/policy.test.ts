import {
  AppError,
  DEFAULT_SCENE,
  PLAN_LIMITS,
  type TAnnotation,
  type TBuild,
  type TPlanLimits,
  type TSpecification,
} from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { blobReferencesOf, canEditContent, checkPlanLimits } from "./policy";

const NO_SPEC: TSpecification = { images: [], homepage_url: null, purchase_url: null };

function annotation(id: string, images = 0): TAnnotation {
  return {
    annotation_id: id,
    title: id,
    content: "",
    axis: null,
    images: Array.from({ length: images }, (_, i) => `/blobs/${id}-${i}.png`),
    videos: [],
    marker: { posx: 0, posy: 0, posz: 0, number: 1 },
    normal: null,
  };
}

function build(annotations: TAnnotation[]): TBuild {
  return { annotationinfo: annotations, animationinfo: [], materialinfo: [], sceneinfo: DEFAULT_SCENE };
}

function refusal(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, data: error.data } : error;
  }
  return null;
}

describe("content policy", () => {
  it("lets only the owner edit a content", () => {
    const row = { ownerId: "user_a" };
    expect(canEditContent({ userId: "user_a", sessionId: "s", isSuper: false }, row)).toBe(true);
    expect(canEditContent({ userId: "user_b", sessionId: "s", isSuper: true }, row)).toBe(false);
    expect(canEditContent(null, row)).toBe(false);
  });

  it("opens link buttons when a plan's table enables them", () => {
    const spec = {
      ...NO_SPEC,
      homepage_url: "https://example.com",
      purchase_url: "https://shop.example.com",
    };
    const previous = { build: build([]), specification: NO_SPEC };
    expect(refusal(() => checkPlanLimits(PLAN_LIMITS.advanced, { specification: spec }, previous))).toEqual({
      code: "planLimit",
      data: { limit: "link_buttons", max: 0 },
    });
    const withButtons: TPlanLimits = {
      ...PLAN_LIMITS.advanced,
      sharing: {
        ...PLAN_LIMITS.advanced.sharing,
        enable_homepage_linkbtn: true,
        enable_purchase_linkbtn: true,
      },
    };
    expect(refusal(() => checkPlanLimits(withButtons, { specification: spec }, previous))).toBeNull();
  });

  it("stops additions past a limit but keeps what a content already holds", () => {
    const three = build([annotation("a"), annotation("b"), annotation("c", 2)]);
    const previous = { build: three, specification: NO_SPEC };
    // A Basic owner (trial over) may still edit a content made with annotations during the trial.
    expect(refusal(() => checkPlanLimits(PLAN_LIMITS.basic, { build: three }, previous))).toBeNull();
    expect(
      refusal(() =>
        checkPlanLimits(
          PLAN_LIMITS.basic,
          { build: build([...three.annotationinfo, annotation("d")]) },
          previous,
        ),
      ),
    ).toEqual({ code: "planLimit", data: { limit: "annotation", max: 0 } });
    expect(
      refusal(() => checkPlanLimits(PLAN_LIMITS.basic, { build: build([annotation("c", 3)]) }, previous)),
    ).toEqual({ code: "planLimit", data: { limit: "annotation_image", max: 0 } });
  });

  it("caps images per motion step like images per annotation", () => {
    const step = (id: string, images: number) => ({
      animation_id: id,
      title: id,
      content: "",
      match_aniname: "Walk",
      images: Array.from({ length: images }, (_, i) => `/blobs/${id}-${i}.png`),
    });
    const withSteps = (steps: ReturnType<typeof step>[]): TBuild => ({ ...build([]), animationinfo: steps });
    const previous = { build: withSteps([step("s1", 1)]), specification: NO_SPEC };
    expect(
      refusal(() => checkPlanLimits(PLAN_LIMITS.standard, { build: withSteps([step("s1", 3)]) }, previous)),
    ).toBeNull();
    expect(
      refusal(() => checkPlanLimits(PLAN_LIMITS.standard, { build: withSteps([step("s1", 4)]) }, previous)),
    ).toEqual({ code: "planLimit", data: { limit: "annotation_image", max: 3 } });
    expect(
      refusal(() =>
        checkPlanLimits(PLAN_LIMITS.basic, { build: withSteps([step("s1", 1), step("s2", 1)]) }, previous),
      ),
    ).toEqual({ code: "planLimit", data: { limit: "annotation_image", max: 0 } });
    // What a step already holds may stay on a lower plan.
    expect(refusal(() => checkPlanLimits(PLAN_LIMITS.basic, { build: previous.build }, previous))).toBeNull();
  });

  it("finds every file reference of an update", () => {
    const refs = blobReferencesOf({
      build: {
        ...build([{ ...annotation("a", 1), videos: ["/blobs/v.mp4"] }]),
        sceneinfo: { ...DEFAULT_SCENE, background: { ...DEFAULT_SCENE.background, image: "/blobs/bg.png" } },
      },
      specification: { ...NO_SPEC, images: ["/blobs/spec.jpg"] },
      thumbnail_url: "/blobs/thumb.png",
    });
    expect(refs).toEqual([
      { field: "build.annotationinfo.0.images.0", key: "a-0.png", kind: "image" },
      { field: "build.annotationinfo.0.videos.0", key: "v.mp4", kind: "video" },
      { field: "build.sceneinfo.background.image", key: "bg.png", kind: "image" },
      { field: "specification.images.0", key: "spec.jpg", kind: "image" },
      { field: "thumbnail_url", key: "thumb.png", kind: "image" },
    ]);
  });
});
