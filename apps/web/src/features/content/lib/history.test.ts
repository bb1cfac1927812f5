import { describe, expect, it } from "vitest";
import {
  canRedo,
  canUndo,
  createHistory,
  HISTORY_LIMIT,
  historyReducer,
  isDirty,
  type THistory,
} from "./history";

type TDoc = { title: string; exposure: number };

const start: TDoc = { title: "Fox", exposure: 1 };
const run = (state: THistory<TDoc>, ...actions: Parameters<typeof historyReducer<TDoc>>[1][]) =>
  actions.reduce<THistory<TDoc>>((s, a) => historyReducer(s, a), state);

describe("editor history", () => {
  it("undoes and redoes edits in order", () => {
    const a = { ...start, title: "Fox 2" };
    const b = { ...a, exposure: 2 };
    let h = run(createHistory(start), { type: "set", next: a }, { type: "set", next: b });
    expect(h.present).toBe(b);
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe(a);
    h = historyReducer(h, { type: "undo" });
    expect(h.present).toBe(start);
    expect(canUndo(h)).toBe(false);
    h = historyReducer(h, { type: "redo" });
    expect(h.present).toBe(a);
    expect(canRedo(h)).toBe(true);
  });

  it("folds a slider drag into one step, and starts a new one after it ends", () => {
    const drag = [1.1, 1.2, 1.3].map((exposure) => ({ ...start, exposure }));
    let h = run(
      createHistory(start),
      ...drag.map((next) => ({ type: "set" as const, next, key: "exposure" })),
    );
    expect(h.past).toHaveLength(1);
    h = run(h, { type: "seal" }, { type: "set", next: { ...start, exposure: 2 }, key: "exposure" });
    expect(h.past).toHaveLength(2);
    h = run(h, { type: "undo" });
    expect(h.present.exposure).toBe(1.3);
    h = run(h, { type: "undo" });
    expect(h.present).toBe(start);
  });

  it("drops the redo steps once something new is done", () => {
    const a = { ...start, title: "A" };
    const h = run(
      createHistory(start),
      { type: "set", next: a },
      { type: "undo" },
      {
        type: "set",
        next: { ...start, title: "B" },
      },
    );
    expect(canRedo(h)).toBe(false);
    expect(h.present.title).toBe("B");
  });

  it("is dirty until saved, and clean again when undone back to the saved state", () => {
    const a = { ...start, title: "A" };
    let h = run(createHistory(start), { type: "set", next: a });
    expect(isDirty(h)).toBe(true);
    expect(isDirty(historyReducer(h, { type: "undo" }))).toBe(false);
    h = historyReducer(h, { type: "saved", snapshot: a });
    expect(isDirty(h)).toBe(false);
    expect(isDirty(historyReducer(h, { type: "undo" }))).toBe(true);
  });

  it("keeps at most the limit of undo steps", () => {
    let h = createHistory(start);
    for (let i = 0; i < HISTORY_LIMIT + 20; i += 1)
      h = historyReducer(h, { type: "set", next: { ...start, exposure: i } });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });

  it("ignores undo and redo with nothing to take back", () => {
    const h = createHistory(start);
    expect(historyReducer(h, { type: "undo" })).toBe(h);
    expect(historyReducer(h, { type: "redo" })).toBe(h);
  });
});
