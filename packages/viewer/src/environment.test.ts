import type { WebGLRenderer } from "three";
import { describe, expect, it } from "vitest";
import { isSoftwareRenderer } from "./environment";

/** A renderer whose context names its renderer `name` (through the debug extension when `unmasked`). */
function rendererNamed(name: string, unmasked = true): WebGLRenderer {
  const gl = {
    RENDERER: 0x1f01,
    getExtension: (ext: string) =>
      unmasked && ext === "WEBGL_debug_renderer_info" ? { UNMASKED_RENDERER_WEBGL: 0x9246 } : null,
    getParameter: (key: number) => (key === 0x9246 || (!unmasked && key === 0x1f01) ? name : "WebKit WebGL"),
  };
  return { getContext: () => gl } as unknown as WebGLRenderer;
}

describe("which renderer draws", () => {
  it("tells software WebGL (where the environment map stays at 128 px) from a GPU", () => {
    expect(
      isSoftwareRenderer(
        rendererNamed(
          "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",
        ),
      ),
    ).toBe(true);
    expect(isSoftwareRenderer(rendererNamed("llvmpipe (LLVM 15.0.6, 256 bits)", false))).toBe(true);
    expect(
      isSoftwareRenderer(
        rendererNamed("ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)"),
      ),
    ).toBe(false);
    expect(isSoftwareRenderer(rendererNamed("Apple GPU", false))).toBe(false);
  });
});
