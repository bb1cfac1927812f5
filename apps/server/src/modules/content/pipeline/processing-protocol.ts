/**
 * What the server and its model-processing child (`processing-runner.ts`, `processing-child.ts`)
 * tell each other over the IPC channel (advanced serialization: structured clone), and the
 * files they share in the job's temp folder. Large bytes go through the files, not the channel:
 * the server then never holds a serialised copy of a model.
 */
import type { TProcessingStep } from "@vitrine/contract";

/** The model's file in the job's folder. */
export const INPUT_FILE = "input.glb";

/** The file that holds the result's byte field number `index`. */
export function resultFile(index: number): string {
  return `result-${index}.bin`;
}

/**
 * What the server sends: an acknowledgement of each step it recorded. (The job's folder is the
 * child's first argument, so that the child knows it from its start.)
 */
export type TToChild = { type: "ack" };

/** What the child sends: each step, then the result or why there is none. */
export type TFromChild =
  | { type: "progress"; step: TProcessingStep; percent: number }
  /** The result without its `Uint8Array` fields; `files[i]` names the field in `resultFile(i)`. */
  | { type: "done"; result: Record<string, unknown>; files: string[] }
  /** `reason` is a ProcessingError's, for the owner; `cause` is for the log only. */
  | { type: "failed"; reason: string | null; cause: string };
