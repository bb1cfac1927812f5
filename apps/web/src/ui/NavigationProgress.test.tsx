import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { changeLanguage, initI18n } from "../i18n";
import en from "../i18n/locales/en/common.json";
import ko from "../i18n/locales/ko/common.json";
import type { TLanguage } from "../stores/language";
import { installBrowserStubs } from "../test/test-render";
import { NavigationProgress } from "./NavigationProgress";

afterEach(cleanup);

function NextPage() {
  return <p>the next page</p>;
}

/** A router whose `/next` page arrives when the test says so. */
async function renderWithSlowPage(language: TLanguage) {
  installBrowserStubs();
  const i18n = initI18n();
  await changeLanguage(language);
  let arrive = () => {};
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <Link to="/next">next</Link> },
        {
          path: "next",
          lazy: () =>
            new Promise((resolve) => {
              arrive = () => resolve({ Component: NextPage });
            }),
        },
      ],
    },
  ]);
  render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { arrive: () => act(() => arrive()) };
}

describe("navigation progress", { timeout: 30_000 }, () => {
  it("shows a named bar while the next page loads, and goes when it is in", async () => {
    const { arrive } = await renderWithSlowPage("en");
    expect(screen.queryByRole("progressbar")).toBeNull();
    fireEvent.click(screen.getByText("next"));
    // The current page stays; the bar says the next one is coming.
    expect(await screen.findByRole("progressbar", { name: en.navigating })).toBeTruthy();
    expect(screen.getByText("next")).toBeTruthy();
    await arrive();
    expect(await screen.findByText("the next page")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("is named in Korean on a Korean page", async () => {
    await renderWithSlowPage("ko");
    fireEvent.click(screen.getByText("next"));
    expect(await screen.findByRole("progressbar", { name: ko.navigating })).toBeTruthy();
  });
});
