import { DEFAULT_SCENE, ZSceneInfo } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { FALLBACK_SCENE } from "./default-scene";

describe("fallback scene", () => {
  it("is the contract's default scene, so a content looks the same before its build data arrives", () => {
    expect(FALLBACK_SCENE).toEqual(DEFAULT_SCENE);
    expect(ZSceneInfo.parse(FALLBACK_SCENE)).toEqual(FALLBACK_SCENE);
  });
});
