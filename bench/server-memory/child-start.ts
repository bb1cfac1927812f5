// bench/server-memory, the price of a child per model (issue 29, item 3): each of the upload
// bench's five models optimised in-process, warm (what the server did before: the packages
// imported and the WebAssembly compiled by an earlier model), and in a fresh child of the built
// bundle (`apps/server/dist/processing-child.js`, what the server does now), alternating,
// BENCH_RUNS (5) times each; the child's own time to its first step (start, imports,
// WebAssembly compile) beside. Needs `npm run build -w @vitrine/server`. Prints a table.
//
//   npx tsx bench/server-memory/child-start.ts
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { NodeIO } from "@gltf-transform/core";
import { optimizeModel } from "../../apps/server/src/modules/content/pipeline/pipeline";
import {
  INPUT_FILE,
  type TFromChild,
  type TToChild,
} from "../../apps/server/src/modules/content/pipeline/processing-protocol";
import { assemblyDocument } from "../../apps/server/test/support/assembly";
import {
  fixtureModel,
  gradientPng,
  terrainDocument,
  texturedBoxDocument,
} from "../../apps/server/test/support/models";
import { median } from "../viewer/vitrine-site";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHILD = new URL("../../apps/server/dist/processing-child.js", import.meta.url).pathname;

/** One model in a fresh child, as the server's runner drives it: total and time to the first step, ms. */
async function inChild(input: Uint8Array): Promise<{ total: number; firstStep: number }> {
  const dir = await mkdtemp(join(tmpdir(), "vt-child-start-"));
  try {
    await writeFile(join(dir, INPUT_FILE), input);
    const started = performance.now();
    let firstStep = Number.NaN;
    const child = fork(CHILD, [dir], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    let answer: TFromChild | undefined;
    child.on("message", (message: TFromChild) => {
      if (message.type !== "progress") answer = message;
      else {
        if (Number.isNaN(firstStep)) firstStep = performance.now() - started;
        child.send({ type: "ack" } satisfies TToChild);
      }
    });
    await new Promise((resolve) => child.on("close", resolve));
    if (answer?.type !== "done") throw new Error(`child: ${JSON.stringify(answer)}`);
    return { total: performance.now() - started, firstStep };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (!existsSync(CHILD)) {
  console.error(`needs ${CHILD} (npm run build -w @vitrine/server)`);
  process.exit(1);
}
const models: Array<[string, Uint8Array]> = [
  ["Fox.glb", fixtureModel("Fox.glb")],
  ["Radio.glb", fixtureModel("Radio.glb")],
  ["box-4096-noisy.glb", await new NodeIO().writeBinary(texturedBoxDocument(await gradientPng(4096, 16)))],
  ["assembly-45.glb", await new NodeIO().writeBinary(assemblyDocument())],
  ["terrain-180k.glb", await new NodeIO().writeBinary(terrainDocument(300))],
];
// Warm-up: the in-process side then runs as a server that has processed a model already.
await optimizeModel(models[1]?.[1] ?? new Uint8Array());
const rows: string[] = [];
for (const [name, input] of models) {
  const warm: number[] = [];
  const child: number[] = [];
  const firstSteps: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await optimizeModel(input);
    warm.push(performance.now() - started);
    const { total, firstStep } = await inChild(input);
    child.push(total);
    firstSteps.push(firstStep);
  }
  const [w, c, f] = [median(warm), median(child), median(firstSteps)];
  rows.push(
    `| ${name} | ${w.toFixed(0)} | ${c.toFixed(0)} | +${(c - w).toFixed(0)} (${(c / w).toFixed(2)}×) | ${f.toFixed(0)} |`,
  );
}
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}; runs: ${RUNS}, medians`,
);
console.log(
  "| model | in-process, warm (ms) | fresh child (ms) | the child's price | child: to its first step (ms) |",
);
console.log("| --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
