import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/test-render";
import HomePage from "./HomePage";

afterEach(cleanup);

describe("landing page", { timeout: 30_000 }, () => {
  it("pitches the product with the two calls to action and the spec's figures", async () => {
    await renderPage(<HomePage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(
      "Show your products in 3D. No 3D skills needed.",
    );
    expect(screen.getAllByRole("link", { name: "Try for free" })[0]?.getAttribute("href")).toBe("/register");
    expect(screen.getAllByRole("link", { name: "See pricing" })[0]?.getAttribute("href")).toBe("/price");
    for (const figure of ["Up to 90%", "94%", "40%", "82% · 66%"])
      expect(screen.getByText(figure)).toBeTruthy();
  });

  it("has every section of SPEC §2 in Korean too", async () => {
    await renderPage(<HomePage />, { language: "ko" });
    for (const title of [
      "동작 시뮬레이션",
      "국가별 음성 안내",
      "접근성",
      "링크 하나로 공유",
      "지금 공유하세요",
      "3D 광고",
      "가상 전시관",
      "비즈니스 매칭",
    ]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
  });
});
