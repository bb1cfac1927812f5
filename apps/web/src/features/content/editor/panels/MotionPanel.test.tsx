import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useClientConfig } from "../../../../api/client-config";
import { renderPage } from "../../../shared/test-render";
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
    ["en", "E-mail us about model production", "Model production for content content_42"],
    ["ko", "이메일로 모델 제작 문의하기", "콘텐츠 content_42 모델 제작 문의"],
  ] as const)(
    "%s: asks about production by e-mail to the support address, not a closed form",
    async (language, name, subject) => {
      useClientConfig.setState({
        status: "ready",
        config: {
          languages: ["ko", "en"],
          support: { phone: "+82-2-555-0199", email: "help@vitrine.test" },
          envelope: { enabled: false, secret: "", salt: "", iterations: 10_000 },
        },
      });
      await renderUnproduced(language);
      const link = screen.getByRole("link", { name });
      const href = link.getAttribute("href") ?? "";
      expect(href.startsWith("mailto:help@vitrine.test?subject=")).toBe(true);
      expect(decodeURIComponent(href.split("subject=")[1] ?? "")).toBe(subject);
      expect(screen.queryByRole("link", { name: /qna/i })).toBeNull();
    },
  );

  it("shows no button while the support address is unknown", async () => {
    await renderUnproduced("en");
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("Motion steps are for models produced by Vitrine")).toBeTruthy();
  });
});
