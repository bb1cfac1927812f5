import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useClientConfig } from "../../../../api/client-config";
import { renderPage } from "../../../../test/test-render";
import { MotionPanel } from "./MotionPanel";

const noop = () => {};

function renderUnproduced(language: "en" | "ko") {
  return renderPage(
    <MotionPanel
      isProduced={false}
      clips={[]}
      steps={[]}
      onChange={noop}
      onSeal={noop}
      level="standard"
      contentId="content_42"
      motion={null}
      onPlay={noop}
      onPause={noop}
      onResume={noop}
      onStop={noop}
    />,
    { language },
  );
}

afterEach(() => {
  cleanup();
  useClientConfig.setState({ config: null, status: "loading" });
});

describe("motion panel of a model not produced by Vitrine", () => {
  it.each([
    ["en", "Ask about model production"],
    ["ko", "모델 제작 문의하기"],
  ] as const)("%s: leads to the studio's production request form", async (language, name) => {
    await renderUnproduced(language);
    const link = screen.getByRole("link", { name });
    expect(link.getAttribute("href")).toBe("/Studio/user/production?new=1&content=content_42");
  });
});
