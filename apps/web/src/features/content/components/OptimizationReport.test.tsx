import { cleanup, screen } from "@testing-library/react";
import type { TModelInfo, TOptimizationReport } from "@vitrine/contract";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoutes } from "../../../test/test-support";
import { formatBytes, OptimizationReport, savedPercent } from "./OptimizationReport";

afterEach(() => cleanup());

const INFO: TModelInfo = {
  clips: [],
  materials: ["Body"],
  dimensions: [1, 1, 1],
  triangles: 40_000,
  original_bytes: 3_400_000,
  optimized_bytes: 1_416_000,
  optimization: {
    triangles_before: 120_000,
    triangles_after: 40_000,
    simplify: "applied",
    fidelity_db: 47.25,
    draw_calls_before: 45,
    draw_calls_after: 3,
    textures: {
      count: 5,
      bytes_before: 2_100_000,
      bytes_after: 800_000,
      format: "webp",
      max_size: 2048,
      quality_min: 60,
      quality_max: 80,
      ssim_min: 0.9873,
    },
    geometry: "meshopt",
  },
};

/** {@link INFO} with some of its report's figures replaced. */
function withReport(patch: Partial<TOptimizationReport>): TModelInfo {
  return { ...INFO, optimization: { ...(INFO.optimization as TOptimizationReport), ...patch } };
}

/** The text of one part of the report, rendered in `language` (and cleaned up after). */
async function textIn(info: TModelInfo, language: "en" | "ko", testId: string): Promise<string | null> {
  await renderRoutes({ "/": <OptimizationReport info={info} /> }, { url: "/", language });
  const text = screen.getByTestId(testId).textContent;
  cleanup();
  return text;
}

describe("the optimisation report", () => {
  it("formats sizes and the share saved", () => {
    expect(formatBytes(3_400_000, "en")).toBe("3.4 MB");
    expect(formatBytes(22_040, "ko")).toBe("22 kB");
    expect(formatBytes(640, "en")).toBe("640 B");
    expect(savedPercent(3_400_000, 1_416_000)).toBe(58);
    // A file that did not shrink saved nothing, never a negative share.
    expect(savedPercent(100, 120)).toBe(0);
  });

  it("says what processing did, with its figures, in English", async () => {
    await renderRoutes({ "/": <OptimizationReport info={INFO} /> }, { url: "/", language: "en" });
    expect(screen.getByTestId("report-before").textContent).toBe("3.4 MB");
    expect(screen.getByTestId("report-after").textContent).toBe("1.4 MB");
    expect(screen.getByTestId("report-saved").textContent).toBe("58 % smaller");
    expect(screen.getByTestId("report-geometry").textContent).toBe(
      "120,000 → 40,000 triangles. Simplified only as far as the drawing stays the same: fidelity 47.3 dB against the original (no difference shows above 45 dB).",
    );
    expect(screen.getByText(/^45 → 3: repeated parts/)).toBeTruthy();
    expect(
      screen.getByText(
        "5 images, 2.1 MB → 800 kB as WebP, at most 2048 px on a side. Quality 60–80, chosen per image as the lowest that still looks the same (structural similarity at least 0.987).",
      ),
    ).toBeTruthy();
  });

  it("explains a model left unsimplified, in Korean", async () => {
    const kept: TModelInfo = {
      ...INFO,
      optimization: {
        ...(INFO.optimization as NonNullable<TModelInfo["optimization"]>),
        simplify: "kept",
        triangles_after: 120_000,
        fidelity_db: 38.2,
        textures: { count: 0, bytes_before: 0, bytes_after: 0, format: "webp", max_size: 2048 },
      },
    };
    await renderRoutes({ "/": <OptimizationReport info={kept} /> }, { url: "/", language: "ko" });
    expect(screen.getByTestId("report-geometry").textContent).toBe(
      "삼각형 120,000개를 그대로 두었습니다: 단순화하면 차이가 보였습니다(충실도 38.2 dB, 45 dB 미만).",
    );
    expect(screen.getByText("텍스처 이미지가 없는 모델입니다.")).toBeTruthy();
    expect(screen.getByTestId("report-compression").textContent).toMatch(/^형상은 meshopt로 압축/);
  });

  it("names how the geometry is stored when it is not meshopt, in both languages", async () => {
    const cases = [
      {
        geometry: "draco",
        en: /^Geometry compressed with Draco: .*with the decoder/,
        ko: /^형상은 Draco로 압축/,
      },
      {
        geometry: "quantized",
        en: /^Geometry stored quantized, without a codec/,
        ko: /^형상은 양자화만 하고/,
      },
    ] as const;
    for (const { geometry, en, ko } of cases) {
      const info = withReport({ geometry });
      expect(await textIn(info, "en", "report-compression")).toMatch(en);
      expect(await textIn(info, "ko", "report-compression")).toMatch(ko);
    }
  });

  it("says what happened to an animated model's keyframes, in both languages, and nothing for a still one", async () => {
    const animated = withReport({
      animation: { clips: 1, keyframes_before: 27_531, keyframes_after: 5_922 },
    });
    expect(await textIn(animated, "en", "report-motion")).toMatch(
      /^1 clip: 27,531 → 5,922 keyframes\. Repeated/,
    );
    expect(await textIn(animated, "ko", "report-motion")).toMatch(/^동작 1개: 키프레임 27,531 → 5,922개\./);
    await renderRoutes({ "/": <OptimizationReport info={INFO} /> }, { url: "/", language: "en" });
    expect(screen.queryByTestId("report-motion")).toBeNull();
  });

  it("says what was repaired in the upload, in both languages, and nothing when nothing was", async () => {
    const repaired = withReport({
      repairs: [
        { kind: "weights", count: 20 },
        { kind: "extensions", count: 1, names: ["VENDOR_node_tag"] },
      ],
    });
    expect(await textIn(repaired, "en", "report-repairs")).toBe(
      "The uploaded file broke a few glTF rules that web viewers draw past. We repaired them, so every viewer shows the model the same way:" +
        "• 20 vertices' joint weights did not add up to 100 %: scaled so they do." +
        "• 1 extension no web viewer reads was left out: VENDOR_node_tag.",
    );
    expect(await textIn(repaired, "ko", "report-repairs")).toContain(
      "• 정점 20개의 관절 가중치 합이 100 %가 아니어서 100 %가 되도록 맞췄습니다.",
    );
    await renderRoutes({ "/": <OptimizationReport info={INFO} /> }, { url: "/", language: "en" });
    expect(screen.queryByTestId("report-repairs")).toBeNull();
  });

  it("shows the two sizes of a model processed before reports existed", async () => {
    const older: TModelInfo = { ...INFO, optimization: undefined };
    await renderRoutes({ "/": <OptimizationReport info={older} /> }, { url: "/", language: "en" });
    expect(screen.getByTestId("report-saved").textContent).toBe("58 % smaller");
    expect(screen.getByText(/processed before reports existed/)).toBeTruthy();
    expect(screen.queryByTestId("report-geometry")).toBeNull();
  });
});
