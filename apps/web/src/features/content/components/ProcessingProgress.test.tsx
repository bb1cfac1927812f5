import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoutes } from "../../../test/test-support";
import { ProcessingProgress } from "./ProcessingProgress";

afterEach(() => cleanup());

describe("processing progress on a studio card", () => {
  it("names the step and its percent, with a bar, in English", async () => {
    await renderRoutes(
      { "/": <ProcessingProgress processing={{ step: "textures", percent: 35 }} /> },
      { url: "/", language: "en" },
    );
    expect(screen.getByText("Converting textures · 35%")).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: "Processing: Converting textures, 35% done" });
    expect(bar.getAttribute("aria-valuenow")).toBe("35");
  });

  it("in Korean", async () => {
    await renderRoutes(
      { "/": <ProcessingProgress processing={{ step: "thumbnail", percent: 60 }} /> },
      { url: "/", language: "ko" },
    );
    expect(screen.getByText("썸네일 만드는 중 · 60%")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "처리 중: 썸네일 만드는 중, 60% 완료" })).toBeTruthy();
  });
});
