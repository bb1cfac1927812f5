import type { TChannelDoc } from "@vitrine/contract";
import { useEffect, useMemo, useRef, useState } from "react";

/** Props every studio section takes. */
export interface TSectionProps {
  doc: TChannelDoc;
  /** The channel as the server answered after a save. */
  onSaved: (doc: TChannelDoc) => void;
  /** Tells the page whether this section has unsaved edits (the leave guard). */
  onDirty: (isDirty: boolean) => void;
}

/**
 * A section's editable copy of its part of the channel: starts from `pick(doc)`, follows the saved
 * channel when it changes unless it holds unsaved edits, and reports whether it differs from it.
 */
export function useDraft<T>(
  doc: TChannelDoc,
  pick: (doc: TChannelDoc) => T,
  onDirty: (isDirty: boolean) => void,
) {
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const initial = useMemo(() => pickRef.current(doc), [doc]);
  const [draft, setDraft] = useState<T>(initial);
  const previous = useRef(initial);
  useEffect(() => {
    // Another section saved (or this one did): take the saved values, but keep unsaved edits here.
    const before = JSON.stringify(previous.current);
    previous.current = initial;
    setDraft((current) => (JSON.stringify(current) === before ? initial : current));
  }, [initial]);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const patch = (changes: Partial<T>) => setDraft((prev) => ({ ...prev, ...changes }));
  return { draft, setDraft, patch, isDirty };
}
