import { describe, expect, it } from "vitest";
import {
  isFormPage,
  isQuickContactVisible,
  isQuickPanelOpenAtStart,
  quickContactVariant,
} from "./quick-contact-rule";

describe("quick-contact widget rule", () => {
  it.each(["/", "/price", "/qnalist", "/404", "/500", "/some/feed", "/passwd/reset/abc"])(
    "shows on %s",
    (path) => {
      expect(isQuickContactVisible(path)).toBe(true);
    },
  );

  it.each([
    "/ShowRoom",
    "/showroom",
    "/Studio/user/home",
    "/user_terms",
    "/login",
    "/share/abc",
    "/forgotpass",
    "/register",
    "/terms_detail",
    "/ShowCase/",
    "/Channel/x",
    "/embed",
    "/embedReactTest",
    "/Reference",
    "/REFERENCE",
    "/feed/my-channel-news",
  ])("hides on %s", (path) => {
    expect(isQuickContactVisible(path)).toBe(false);
  });

  it("uses icon buttons up to 576 px and the panel above", () => {
    expect(quickContactVariant(390)).toBe("icons");
    expect(quickContactVariant(576)).toBe("icons");
    expect(quickContactVariant(577)).toBe("panel");
    expect(quickContactVariant(1280)).toBe("panel");
  });

  it("starts the desktop panel folded unless it fits beside the page or the visitor opened it", () => {
    expect(isQuickPanelOpenAtStart(1280, null)).toBe(false);
    expect(isQuickPanelOpenAtStart(1839, null)).toBe(false);
    expect(isQuickPanelOpenAtStart(1840, null)).toBe(true);
    expect(isQuickPanelOpenAtStart(1280, "open")).toBe(true);
    expect(isQuickPanelOpenAtStart(2560, "folded")).toBe(false);
  });

  it("names the form pages, where phones get no floating buttons over the fields", () => {
    expect(isFormPage("/business-connect")).toBe(true);
    expect(isFormPage("/qnawrite")).toBe(true);
    expect(isFormPage("/QnaWrite")).toBe(true);
    // The one-click page is a single button, not a form to fill.
    expect(isFormPage("/business-connect/not-interested")).toBe(false);
    expect(isFormPage("/business-connect/")).toBe(true);
    expect(isFormPage("/qnalist")).toBe(false);
    expect(isFormPage("/")).toBe(false);
  });
});
