import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEFAULT_CATALOGUE, PLAN_COMPARISON, PLAN_LIMITS, planCatalogueCall } from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import en from "../../../i18n/locales/en/plans.json";
import { renderPage } from "../../../test/test-render";
import { ok, startTestApi, type TTestApi } from "../../../test/test-support";
import PricePage from "./PricePage";

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reply(planCatalogueCall.path, ok({ docs: [...DEFAULT_CATALOGUE], providers: ["manual"] }));
});
afterEach(() => {
  cleanup();
  server.reset();
});

describe("pricing page", { timeout: 30_000 }, () => {
  it("shows the five plans with the share-link limits of the contract and the catalogue's prices", async () => {
    await renderPage(<PricePage />, { url: "/price" });
    const names = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(names).toEqual(["Free", "Basic", "Standard", "Advanced", "Contact us"]);
    expect(screen.getAllByText(`${PLAN_LIMITS.basic.sharing.limit_count_sharelink} share link`)).toHaveLength(
      2,
    );
    expect(
      screen.getByText(`${PLAN_LIMITS.standard.sharing.limit_count_sharelink} share links`),
    ).toBeTruthy();
    expect(
      screen.getAllByText(`${PLAN_LIMITS.advanced.sharing.limit_count_sharelink} share links`),
    ).toHaveLength(2);
    expect(await screen.findByText("$29.00 / month")).toBeTruthy();
    expect(screen.getByText("$99.00 charged today, billed monthly")).toBeTruthy();
    for (const link of screen.getAllByRole("link", { name: "Try for free" })) {
      expect(link.getAttribute("href")).toBe("/register");
    }
  });

  it("switches to annual: the per-month figure with the amount charged today beside it", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<PricePage />, { url: "/price" });
    expect(await screen.findAllByText(/charged today, billed monthly/)).toHaveLength(2);
    await user.click(screen.getByText("Annual"));
    expect(screen.getByText("$290.00 charged today, billed annually")).toBeTruthy();
    expect(screen.getByText("$24.17 / month")).toBeTruthy();
    expect(screen.queryByText(/billed monthly/)).toBeNull();
    await user.click(screen.getByText("KRW ₩"));
    expect(screen.getByText("₩290,000 charged today, billed annually")).toBeTruthy();
  });

  it("lets a keyboard reach the sideways-scrolling comparison table, named by its title", async () => {
    await renderPage(<PricePage />, { url: "/price" });
    const region = screen.getByRole("region", { name: en.table.title });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole("table")).toBeTruthy();
  });

  it("renders every section of the comparison table from the contract", async () => {
    await renderPage(<PricePage />, { url: "/price" });
    const table = screen.getByRole("table");
    for (const title of [
      "3D features",
      "Content and sharing",
      "Exhibition hall",
      "Report analysis",
      "Platform",
    ]) {
      expect(within(table).getByText(title)).toBeTruthy();
    }
    const rowCount = PLAN_COMPARISON.reduce((n, section) => n + section.rows.length, 0);
    expect(within(table).getAllByRole("rowheader")).toHaveLength(rowCount);
    const sharelinkRow = within(table).getByText(en.compare.contentSharing.sharelinkCount).closest("tr");
    expect(Array.from(sharelinkRow?.querySelectorAll("td") ?? []).map((td) => td.textContent)).toEqual([
      "1",
      "3",
      "10",
    ]);
  });
});
