/**
 * The child process that optimises one model (`processing-runner.ts` starts it): it reads the
 * model from the job's folder (its first argument), runs `optimizeModel`, tells each step as it
 * starts and waits until the server has recorded it, hands the result back (byte fields as files
 * in the folder, the rest as a structured clone, so fields the pipeline adds pass through) and
 * exits, so that everything the pipeline took (WebAssembly heaps, sharp's and the allocator's
 * memory) goes back to the system with it. When the server goes first, it removes the folder and
 * exits too.
 */
import { rmSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { optimizeModel, ProcessingError } from "./pipeline";
import { INPUT_FILE, resultFile, type TFromChild, type TToChild } from "./processing-protocol";

/** A thrown value as text for the log: a ProcessingError's cause as the service logs it, else the stack. */
function describe(error: unknown): string {
  if (error instanceof ProcessingError) {
    return error.cause instanceof Error ? error.cause.message : String(error.cause ?? "");
  }
  if (error instanceof Error) return (error.stack ?? `${error.name}: ${error.message}`).slice(0, 2_000);
  return String(error).slice(0, 2_000);
}

function send(message: TFromChild): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error("no IPC channel"));
      return;
    }
    process.send(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

/** Resolves when the server has recorded the step just sent. */
let acknowledged: (() => void) | undefined;

async function run(dir: string): Promise<void> {
  try {
    const input = new Uint8Array(await readFile(join(dir, INPUT_FILE)));
    const result = await optimizeModel(input, async (step, percent) => {
      const recorded = new Promise<void>((resolve) => {
        acknowledged = resolve;
      });
      await send({ type: "progress", step, percent });
      await recorded;
    });
    const rest: Record<string, unknown> = {};
    const files: string[] = [];
    for (const [key, value] of Object.entries(result)) {
      if (value instanceof Uint8Array) {
        await writeFile(join(dir, resultFile(files.length)), value);
        files.push(key);
      } else {
        rest[key] = value;
      }
    }
    await send({ type: "done", result: rest, files });
  } catch (error) {
    // A result that cannot be cloned lands here too: a failure, logged with its cause.
    await send({
      type: "failed",
      reason: error instanceof ProcessingError ? error.reason : null,
      cause: describe(error),
    });
  }
}

/** The job's folder (`input.glb` in it), given from the start. */
const jobDir = process.argv[2];
if (!process.send || !jobDir) {
  process.stderr.write(
    "processing-child runs only as the server's child: an IPC channel and the job's folder\n",
  );
  process.exit(2);
}
process.on("message", (message: TToChild) => {
  if (message.type === "ack") acknowledged?.();
});
// The server went (crashed, killed): nobody waits for the result, nobody else removes the folder.
process.on("disconnect", () => {
  rmSync(jobDir, { recursive: true, force: true });
  process.exit(1);
});
run(jobDir).then(
  () => process.exit(0),
  () => process.exit(1),
);
