/**
 * Model processing in a child process, one per job (issue 29, item 3): the pipeline's WebAssembly
 * heaps, sharp's buffers and the allocator's arenas they grow stayed with the server for good
 * when it ran in-process (681.5 MB at rest after 30 uploads, 186 MB after a restart); a child's
 * memory all goes back when it exits (bench/README.md, server-memory). The child is
 * `processing-child.ts` through tsx when the server runs from source (tests, `npm run dev`) and
 * `dist/processing-child.js` beside `dist/main.js` in the bundle (build.mjs builds both).
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ProcessingError, type TOptimizedModel, type TProgressListener } from "./pipeline";
import { INPUT_FILE, resultFile, type TFromChild, type TToChild } from "./processing-protocol";

/** What the child is told to run with; tests add node options (a preloaded fault). */
export interface TChildOptions {
  /** More node options for the child, after those it needs. */
  execArgv?: readonly string[];
  /** How long a child may take before it is killed (default {@link PROCESSING_TIME_LIMIT_MS}). */
  timeLimitMs?: number;
}

/**
 * How long one model may take: far past any model of the corpus (the slowest takes well under a
 * minute here), so only a child that hangs meets it — and then it does not hold the job's slot
 * for good; the content fails with the plain reason and can be retried.
 */
export const PROCESSING_TIME_LIMIT_MS = 15 * 60_000;

/** Most of the child's stderr kept for the log (its start: the error, or V8's fatal one and its last GCs). */
const STDERR_KEPT = 2_000;
/**
 * Quiet times before the server's two collections after its last job: the first frees the
 * model's buffers, the second (after a spell with little allocated) also gives back the young
 * generation the job grew, which V8 shrinks only then.
 */
const IDLE_COLLECTIONS_MS = [2_000, 6_000] as const;

/** The child's entry and node options: the TypeScript source through tsx, or the bundle's file. */
function childCommand(): { entry: string; execArgv: string[] } {
  if (import.meta.url.endsWith(".ts")) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    return {
      entry: fileURLToPath(new URL("./processing-child.ts", import.meta.url)),
      execArgv: ["--import", tsx],
    };
  }
  return { entry: fileURLToPath(new URL("./processing-child.js", import.meta.url)), execArgv: [] };
}

/** How a child ended without an answer, for the log. */
function exitText(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  const how = signal ? `killed by ${signal}` : `exit code ${code}`;
  const said = stderr.trim();
  return said ? `${how}: ${said}` : how;
}

let collect: (() => void) | null | undefined;
let idleTimer: NodeJS.Timeout | undefined;
/** Jobs whose child runs now (their end arms the collections again). */
let running = 0;

/** A full garbage collection; `gc` comes from a fresh context (the flag does not expose it to ours). */
function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}

/**
 * Full garbage collections once no job has ended for a while: a job leaves the model's buffers
 * behind as garbage (the original, the result, their copies for the blob store) and a grown heap,
 * which V8 may otherwise keep for as long as the server stays idle, since nothing then allocates
 * enough to start a collection (bench/README.md, server-memory).
 */
function collectWhenIdle(step = 0): void {
  const wait = IDLE_COLLECTIONS_MS[step];
  if (step === 0) clearTimeout(idleTimer);
  if (wait === undefined) return;
  idleTimer = setTimeout(() => {
    if (running > 0) return;
    collectGarbage();
    collectWhenIdle(step + 1);
  }, wait);
  idleTimer.unref();
}

/** Runs the child on the job's folder; answers its last message (none when it died first). */
function runChild(
  dir: string,
  onProgress: TProgressListener,
  options: TChildOptions,
): Promise<{ answer: TFromChild | undefined; how: string }> {
  const { entry, execArgv } = childCommand();
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = fork(entry, [dir], {
        execArgv: [...execArgv, ...(options.execArgv ?? [])],
        serialization: "advanced",
        stdio: ["ignore", "ignore", "pipe", "ipc"],
        // Nothing of the server's configuration (secrets, database) is the child's business.
        env: { PATH: process.env.PATH ?? "", ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}) },
      });
    } catch (error) {
      reject(new Error("the processing child could not start", { cause: error }));
      return;
    }
    let stderr = "";
    let answer: TFromChild | undefined;
    let failure: unknown;
    let isSettled = false;
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      if (isSettled) return;
      isSettled = true;
      if (failure !== undefined) reject(failure);
      else resolve({ answer, how: exitText(code, signal, stderr) });
    };
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      if (stderr.length < STDERR_KEPT) stderr = (stderr + chunk).slice(0, STDERR_KEPT);
    });
    child.on("message", (message: TFromChild) => {
      if (message.type !== "progress") {
        answer = message;
        return;
      }
      onProgress(message.step, message.percent).then(
        () => {
          if (child.connected) child.send({ type: "ack" } satisfies TToChild);
        },
        (error: unknown) => {
          failure ??= error;
          child.kill("SIGKILL");
        },
      );
    });
    const limit = options.timeLimitMs ?? PROCESSING_TIME_LIMIT_MS;
    const timer = setTimeout(() => {
      failure ??= new Error(
        `the processing child took longer than ${Math.round(limit / 1000)} s and was stopped`,
      );
      child.kill("SIGKILL");
    }, limit);
    child.on("exit", () => clearTimeout(timer));
    child.on("error", (error) => {
      // The service logs a failure's cause: this one says what went wrong with the child.
      failure ??= new Error("the processing child could not be started or told", { cause: error });
      // Never started: no "close" follows. Otherwise a failed acknowledgement, and "close" follows.
      if (child.pid === undefined) settle(null, null);
    });
    // After the exit and the end of every pipe, the IPC channel's too: no message is still on its way.
    child.on("close", settle);
  });
}

/**
 * `optimizeModel(input, onProgress)` in a child process that exits when it is done. Each step
 * reaches `onProgress` before the child goes on (as in-process); a ProcessingError in the child
 * rejects with the same reason; a child that dies (exit code, signal, out of memory) or answers
 * nothing rejects with a plain Error whose cause says how, which the service reports as "The
 * model could not be processed.". A failing `onProgress` ends the child and rejects with its error.
 * The model and the result's bytes go through a temp folder, removed at the end.
 */
export async function optimizeInChild(
  input: Uint8Array,
  onProgress: TProgressListener,
  options: TChildOptions = {},
): Promise<TOptimizedModel> {
  running += 1;
  let dir: string | undefined;
  try {
    dir = await mkdtemp(join(tmpdir(), "vitrine-processing-"));
    await writeFile(join(dir, INPUT_FILE), input);
    const { answer, how } = await runChild(dir, onProgress, options);
    if (answer?.type === "done") {
      const result = { ...answer.result };
      for (const [index, key] of answer.files.entries()) {
        const bytes = await readFile(join(dir, resultFile(index)));
        result[key] = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      }
      // The child's own optimizeModel made it: a TOptimizedModel, cloned.
      return result as unknown as TOptimizedModel;
    }
    if (answer?.type === "failed" && answer.reason !== null) {
      throw new ProcessingError(answer.reason, answer.cause ? new Error(answer.cause) : undefined);
    }
    const cause = answer?.type === "failed" ? answer.cause : how;
    throw new Error("the processing child gave no result", { cause: new Error(cause) });
  } finally {
    running -= 1;
    if (dir) await rm(dir, { recursive: true, force: true });
    collectWhenIdle();
  }
}
