/**
 * Model processing in a child process (issue 29, item 3): the owner sees the same steps, the same
 * result and the same reasons as when the pipeline ran in the server, and a child that dies
 * (killed, out of memory, an exit without an answer) is a plain failure that says how, for the log.
 */
import { fileURLToPath } from "node:url";
import type { TProcessingStep } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import { damagedTextureGlb, fixtureModel } from "../../../../test/support/models";
import { optimizeModel, ProcessingError } from "./pipeline";
import { optimizeInChild } from "./processing-runner";

/** A fault preloaded into the child (`test/support/processing-faults/`). */
function fault(name: string): string {
  return fileURLToPath(new URL(`../../../../test/support/processing-faults/${name}`, import.meta.url));
}

/** What `optimizeInChild` rejected with. */
async function failureOf(run: Promise<unknown>): Promise<Error> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`expected a failure, got ${String(error)}`);
  return error;
}

describe("processing in a child process", () => {
  it("tells each step before going on, and answers what the pipeline answers in-process", async () => {
    const input = fixtureModel("Radio.glb");
    const steps: Array<[TProcessingStep, number]> = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const result = await optimizeInChild(input, async (step, percent) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      steps.push([step, percent]);
      // The child waits until the step is recorded, as the pipeline waits in-process.
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
    });
    expect(steps.map(([step]) => step)).toEqual([
      "reading",
      "geometry",
      "textures",
      "thumbnail",
      "compressing",
    ]);
    const percents = steps.map(([, percent]) => percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(mostInFlight).toBe(1);

    // Every field comes back as the pipeline made it: the bytes, the facts, the thumbnail.
    expect(result.bytes).toBeInstanceOf(Uint8Array);
    expect(result.thumbnail).toBeInstanceOf(Uint8Array);
    expect(result).toEqual(await optimizeModel(input));
  });

  it("fails with the pipeline's own reason for the owner", async () => {
    const input = await damagedTextureGlb();
    const inProcess = await failureOf(optimizeModel(input));
    const inChild = await failureOf(optimizeInChild(input, async () => {}));
    expect(inChild).toBeInstanceOf(ProcessingError);
    expect((inChild as ProcessingError).reason).toBe((inProcess as ProcessingError).reason);
    expect((inChild as ProcessingError).reason).toBe(
      "A texture image in the model is damaged and could not be converted.",
    );
  });

  it.each([
    { name: "killed", execArgv: ["--require", fault("killed.cjs")], how: /^killed by SIGKILL/ },
    { name: "exits without an answer", execArgv: ["--require", fault("exits.cjs")], how: /^exit code 3/ },
    {
      name: "runs out of memory",
      execArgv: ["--max-old-space-size=96", "--require", fault("out-of-memory.cjs")],
      how: /heap out of memory/,
    },
  ])("a child that dies ($name) is a plain failure whose cause says how", async ({ execArgv, how }) => {
    const steps: TProcessingStep[] = [];
    const error = await failureOf(
      optimizeInChild(fixtureModel("Radio.glb"), async (step) => void steps.push(step), { execArgv }),
    );
    // Not a ProcessingError: the service shows the owner "The model could not be processed."
    expect(error).not.toBeInstanceOf(ProcessingError);
    expect(error.cause).toBeInstanceOf(Error);
    expect((error.cause as Error).message).toMatch(how);
    expect(steps).toEqual(["reading"]);
  });

  it("stops a child that takes longer than its time limit, a plain failure saying so", async () => {
    const steps: TProcessingStep[] = [];
    const error = await failureOf(
      optimizeInChild(fixtureModel("Radio.glb"), async (step) => void steps.push(step), {
        execArgv: ["--require", fault("hangs.cjs")],
        timeLimitMs: 3_000,
      }),
    );
    expect(error).not.toBeInstanceOf(ProcessingError);
    expect(String((error.cause as Error | undefined)?.message ?? error.message)).toMatch(
      /took longer than 3 s and was stopped/,
    );
    expect(steps).toEqual(["reading"]);
  });

  it("stops the child when a step cannot be recorded, with that step's error", async () => {
    const recording = new Error("database gone");
    const error = await failureOf(
      optimizeInChild(fixtureModel("Radio.glb"), async (step) => {
        if (step === "geometry") throw recording;
      }),
    );
    expect(error).toBe(recording);
  });
});
