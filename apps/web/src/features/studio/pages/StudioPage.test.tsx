import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useUiStore } from "../../../stores/ui";
import { renderPage } from "../../shared/test-render";
import StudioPage from "./StudioPage";

afterEach(cleanup);
beforeEach(() => useUiStore.setState({ sidebarShow: true }));

describe("studio", { timeout: 30_000 }, () => {
  it("shows the section of the URL and says the studio is not open yet", async () => {
    await renderPage(<StudioPage />, { url: "/Studio/user/analytics", path: "/Studio/user/*" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Analytics");
    expect(screen.getByText("The studio opens with accounts and 3D content")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Analytics" }).getAttribute("aria-current")).toBe("page");
  });

  it("folds the menu to icons with the sidebar toggle and remembers it in the store", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<StudioPage />, { url: "/Studio/user/", path: "/Studio/user/*" });
    const menu = screen.getByRole("navigation", { name: "Studio menu" });
    expect(menu.textContent).toContain("Share links");

    await user.click(screen.getByRole("button", { name: "Show or hide the menu" }));
    expect(useUiStore.getState().sidebarShow).toBe(false);
    expect(menu.textContent).not.toContain("Share links");
    expect(screen.getByRole("link", { name: "Share links" })).toBeTruthy();
  });
});
