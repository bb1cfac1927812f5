/**
 * Undo and redo over the editor's document (title, build data, specification). Pure: a reducer
 * over immutable snapshots, so the same object identity means "unchanged".
 *
 * Edits of one control in a row (a slider drag, typing in one field) carry the same `key` and
 * fold into a single step, so one undo takes back the whole drag instead of one pixel of it.
 */

/** Steps kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 100;

/** The history of a document. */
export interface THistory<T> {
  /** Earlier snapshots, oldest first. */
  past: readonly T[];
  /** The snapshot shown. */
  present: T;
  /** Snapshots undone, next redo first. */
  future: readonly T[];
  /** The control whose edits fold into the current step; null after a seal. */
  lastKey: string | null;
  /** The snapshot the server holds (last load or save). */
  saved: T;
}

/** What can happen to a history. */
export type THistoryAction<T> =
  /** A new snapshot; `key` names the control so its next edits fold into this step. */
  | { type: "set"; next: T; key?: string }
  /** Ends folding: the next edit starts a new step even with the same key. */
  | { type: "seal" }
  | { type: "undo" }
  | { type: "redo" }
  /** The server now holds `snapshot` (a save answered). */
  | { type: "saved"; snapshot: T }
  /** Starts over from a loaded document. */
  | { type: "reset"; present: T };

/** A fresh history at `present`, saved and with nothing to undo. */
export function createHistory<T>(present: T): THistory<T> {
  return { past: [], present, future: [], lastKey: null, saved: present };
}

/** Applies an action; returns the same object when nothing changes. */
export function historyReducer<T>(state: THistory<T>, action: THistoryAction<T>): THistory<T> {
  switch (action.type) {
    case "set": {
      if (action.next === state.present) return state;
      const key = action.key ?? null;
      if (key !== null && key === state.lastKey) {
        return { ...state, present: action.next, future: [] };
      }
      const past = [...state.past, state.present].slice(-HISTORY_LIMIT);
      return { ...state, past, present: action.next, future: [], lastKey: key };
    }
    case "seal":
      return state.lastKey === null ? state : { ...state, lastKey: null };
    case "undo": {
      const previous = state.past[state.past.length - 1];
      if (previous === undefined) return state;
      return {
        ...state,
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastKey: null,
      };
    }
    case "redo": {
      const [next, ...rest] = state.future;
      if (next === undefined) return state;
      return {
        ...state,
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: rest,
        lastKey: null,
      };
    }
    case "saved":
      return { ...state, saved: action.snapshot };
    case "reset":
      return createHistory(action.present);
  }
}

/** True when there is a step to undo. */
export function canUndo<T>(state: THistory<T>): boolean {
  return state.past.length > 0;
}

/** True when there is a step to redo. */
export function canRedo<T>(state: THistory<T>): boolean {
  return state.future.length > 0;
}

/** True when the shown snapshot is not the one the server holds. */
export function isDirty<T>(state: THistory<T>): boolean {
  return state.present !== state.saved;
}
