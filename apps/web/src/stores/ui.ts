/** Interface state shared by pages (SPEC §3: `sidebarShow`, default true), persisted. */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** Interface state. */
export interface TUiState {
  /** Whether the studio sidebar is open. */
  sidebarShow: boolean;
  /** Opens or closes the sidebar. */
  setSidebarShow: (show: boolean) => void;
  /** Flips the sidebar. */
  toggleSidebar: () => void;
}

/** The interface store (local-storage key `ui`). */
export const useUiStore = create<TUiState>()(
  persist(
    (set) => ({
      sidebarShow: true,
      setSidebarShow: (sidebarShow) => set({ sidebarShow }),
      toggleSidebar: () => set((s) => ({ sidebarShow: !s.sidebarShow })),
    }),
    { name: "ui", storage: createJSONStorage(() => localStorage) },
  ),
);
