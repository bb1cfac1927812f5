import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { reportSummaryCall, type TReportSummary } from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ok, renderRoutes, startTestApi, type TTestApi } from "../../../test/test-support";
import AnalyticsSection from "./AnalyticsSection";

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await server.close();
});
afterEach(() => {
  cleanup();
  server.reset();
});

const figures = { visits: 0, experiences: 0, uniques: 0, avg_seconds: 0, avg_experience_seconds: 0 };

/** A report answer as the server gives it (days and figures of the test). */
function summary(over: Partial<TReportSummary>): TReportSummary {
  return {
    from: "2026-11-18",
    to: "2026-11-24",
    zone: "UTC",
    locked: [],
    ...figures,
    previous: figures,
    realtime: 0,
    by_type: [],
    by_browser: [],
    by_device: [],
    by_os: [],
    by_inflow: [],
    top: [],
    annotations: [],
    motion_steps: [],
    daily: [
      { day: "2026-11-23", visits: 0, experiences: 0, uniques: 0 },
      { day: "2026-11-24", visits: 0, experiences: 0, uniques: 0 },
    ],
    ...over,
  };
}

const show = (language: "en" | "ko" = "en") =>
  renderRoutes(
    { "/Studio/user/analytics": <AnalyticsSection /> },
    { url: "/Studio/user/analytics", language },
  );
const reportCalls = () => server.calls.filter((c) => c.path === reportSummaryCall.path);

describe("the owner's report", { timeout: 30_000 }, () => {
  it("shows a Basic owner's hidden figures locked, with the plan that has them, and no invented number", async () => {
    server.reply(
      reportSummaryCall.path,
      ok(
        summary({
          locked: ["unique_visitors", "by_content_type", "browser_device", "inflow_path"],
          visits: 12,
          experiences: 4,
          uniques: null,
          previous: { ...figures, visits: 6, uniques: null },
          by_type: null,
          by_browser: null,
          by_device: null,
          by_os: null,
          by_inflow: null,
          top: [{ type: "product", id: "c1", name: "Desk lamp", visits: 12, experiences: 4, uniques: 0 }],
        }),
      ),
    );
    await show();
    expect(await screen.findByTestId("figure-visits-value")).toHaveProperty("textContent", "12");
    expect(screen.getByTestId("figure-visits").textContent).toContain("+100% against the previous 30 days");
    const uniques = screen.getByTestId("figure-uniques");
    expect(within(uniques).queryByTestId("figure-uniques-value")).toBeNull();
    expect(uniques.textContent).toContain("Unique visitors is included from the Standard plan.");
    expect(within(uniques).getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/price");
    // Inflow needs Advanced; browser and device Standard.
    expect(screen.getByTestId("panel-inflow").textContent).toContain("from the Advanced plan");
    expect(screen.getByTestId("panel-browser").textContent).toContain("from the Standard plan");
    // The contents table does not show the uniques it was not given.
    const row = within(screen.getByTestId("panel-top")).getByRole("row", { name: /Desk lamp/ });
    expect(row.textContent).toContain("—");
    // The first ask: the last 30 days in the owner's zone, whole report.
    const first = reportCalls()[0]?.payload as { from: string; to: string; zone: string };
    expect(first.zone).toBe("UTC");
    expect(Date.parse(first.to) - Date.parse(first.from)).toBe(29 * 86_400_000);
  });

  it("filters the whole report by a clicked row and opens a content's own report", async () => {
    const full = summary({
      visits: 9,
      experiences: 3,
      uniques: 5,
      previous: { ...figures, visits: 9 },
      by_device: [
        { key: "phone", visits: 6, uniques: 3 },
        { key: "desktop", visits: 3, uniques: 2 },
      ],
      by_inflow: [{ key: "messenger:kakaotalk", visits: 9, uniques: 5 }],
      top: [{ type: "product", id: "c1", name: "Desk lamp", visits: 9, experiences: 3, uniques: 5 }],
    });
    server.reply(reportSummaryCall.path, ok(full));
    await show("ko");
    expect(await screen.findByText("메신저: KakaoTalk")).toBeTruthy();
    expect(screen.getByTestId("figure-visits").textContent).toContain("이전 30일과 같음");

    server.reply(reportSummaryCall.path, ok(summary({ ...full, visits: 6 })));
    await userEvent.click(within(screen.getByTestId("panel-device")).getByText("휴대폰"));
    await waitFor(() => expect(screen.getByTestId("figure-visits-value").textContent).toBe("6"));
    expect(screen.getByTestId("report-filter").textContent).toContain("기기: 휴대폰만 보기");
    expect(reportCalls().at(-1)?.payload).toMatchObject({ filter: { dim: "device", key: "phone" } });

    server.reply(
      reportSummaryCall.path,
      ok(
        summary({
          ...full,
          annotations: [
            { id: "a2", name: "Switch", count: 7 },
            { id: "a1", name: "Shade", count: 2 },
          ],
          motion_steps: [{ id: "1", name: "Fold", count: 1 }],
        }),
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Desk lamp 리포트 열기" }));
    expect(await screen.findByTestId("report-scope")).toHaveProperty("textContent", "Desk lamp 리포트");
    const rows = within(await screen.findByTestId("panel-annotations")).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["이름열람", "Switch7", "Shade2"]);
    // Opening a content starts from its whole report (the filter is cleared).
    expect(reportCalls().at(-1)?.payload).toMatchObject({ content_id: "c1", content_type: "product" });
    expect((reportCalls().at(-1)?.payload as { filter?: unknown } | undefined)?.filter).toBeUndefined();
  });

  it("tells a new owner honestly that nothing was visited yet", async () => {
    server.reply(reportSummaryCall.path, ok(summary({})));
    await show();
    expect(await screen.findByText("No visits in this period yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Contents" }).getAttribute("href")).toBe(
      "/Studio/user/contents",
    );
  });
});
