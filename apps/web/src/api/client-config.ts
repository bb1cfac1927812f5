/** The client configuration read once at start from `GET /api/client-config`. */
import { type TClientConfig, ZClientConfig } from "@vitrine/contract";
import { create } from "zustand";

/** Path of the client configuration (DESIGN "Fixed interfaces"). */
export const CLIENT_CONFIG_PATH = "/api/client-config";

/** Fetches and validates the client configuration; throws when it cannot be had. */
export async function fetchClientConfig(
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
  baseUrl = "",
): Promise<TClientConfig> {
  const res = await fetchImpl(`${baseUrl}${CLIENT_CONFIG_PATH}`, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`client-config: HTTP ${res.status}`);
  return ZClientConfig.parse(await res.json());
}

/** State of the configuration load. */
export interface TClientConfigState {
  config: TClientConfig | null;
  status: "loading" | "ready" | "failed";
}

/** The loaded configuration, for components (support phone and e-mail, languages). */
export const useClientConfig = create<TClientConfigState>()(() => ({ config: null, status: "loading" }));
