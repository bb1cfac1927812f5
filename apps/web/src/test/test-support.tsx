/**
 * Test support for the account pages: a real local HTTP server that answers `/api/client-config`
 * (plain envelope) and records every call, so a test can script answers and assert that a bad
 * form sent nothing; and a renderer with the app's providers and several routes.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { configure, render } from "@testing-library/react";
import type { TClientConfig } from "@vitrine/contract";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { setApiBaseUrl } from "../api";
import { theme } from "../app/theme";
import { changeLanguage, initI18n } from "../i18n";
import type { TLanguage } from "../stores/language";
import { installBrowserStubs } from "./test-render";

/** One call the test server received. */
export interface TSeenCall {
  path: string;
  payload: unknown;
  authorization: string | undefined;
}

/** A scripted answer: the envelope body and its HTTP status. */
export interface TReply {
  status?: number;
  body: { status: boolean; rescode: number; data: unknown; message?: string; atk?: string };
}

/** The local API server of a test file. */
export interface TTestApi {
  /** Calls received, in order. */
  calls: TSeenCall[];
  /** Queues the answer to the next call of `path`. */
  reply: (path: string, reply: TReply) => void;
  /** Forgets calls and queued answers. */
  reset: () => void;
  close: () => Promise<void>;
}

// Answers come over real HTTP; a busy machine running every test file at once needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

const CONFIG: TClientConfig = {
  languages: ["ko", "en"],
  support: { phone: "+82-2-555-0199", email: "support@vitrine.test" },
  envelope: { enabled: false, secret: "", salt: "", iterations: 10_000 },
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? null : (JSON.parse(text) as { data: unknown }).data;
}

/** Starts the local API server and points the app's client at it. */
export async function startTestApi(): Promise<TTestApi> {
  const calls: TSeenCall[] = [];
  const queued = new Map<string, TReply[]>();
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? "";
    if (req.method === "GET" && path === "/api/client-config") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(CONFIG));
      return;
    }
    calls.push({ path, payload: await readBody(req), authorization: req.headers.authorization });
    const reply = queued.get(path)?.shift() ?? {
      status: 500,
      body: { status: false, rescode: 1000, data: null, message: "no scripted answer" },
    };
    res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    calls,
    reply: (path, reply) => queued.set(path, [...(queued.get(path) ?? []), reply]),
    reset: () => {
      calls.length = 0;
      queued.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A success answer with `data`. */
export function ok(data: unknown, message?: string): TReply {
  return { body: { status: true, rescode: 200, data, message } };
}

/** A failure answer with a rescode (and optional data). */
export function fail(rescode: number, data: unknown = null, status = 200): TReply {
  return { status, body: { status: false, rescode, data } };
}

/** Shows the current path (and the sign-in notice, if any) so a test can see where it landed. */
export function WhereAmI() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

/** Renders `routes` (path → element) at `url`, with the app's theme, modals, notifications and i18n. */
export async function renderRoutes(
  routes: Record<string, ReactElement>,
  options: { url: string; language?: TLanguage },
) {
  installBrowserStubs();
  const i18n = initI18n();
  await changeLanguage(options.language ?? "en");
  return render(
    // `env="test"`: no transitions, so menus and dialogs are there as soon as they open.
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[options.url]}>
          <ModalsProvider>
            <Notifications />
            <Routes>
              {Object.entries(routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
            </Routes>
            <WhereAmI />
          </ModalsProvider>
        </MemoryRouter>
      </I18nextProvider>
    </MantineProvider>,
  );
}
