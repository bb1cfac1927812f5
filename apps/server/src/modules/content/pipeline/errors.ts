/** How a processing step fails: with a reason the owner can read, the cause kept for the log. */

/** A processing failure with a reason the owner can read. */
export class ProcessingError extends Error {
  readonly reason: string;
  constructor(reason: string, cause?: unknown) {
    super(reason, { cause });
    this.name = "ProcessingError";
    this.reason = reason;
  }
}

/** Runs one step; any failure but a ProcessingError becomes one with `reason`. */
export async function step<T>(reason: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProcessingError) throw error;
    throw new ProcessingError(reason, error);
  }
}
