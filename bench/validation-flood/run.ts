// bench/validation-flood: bodies made only of unknown keys (item 1 of issue 9) sent to a visitor
// call (`/api/system/request_ping`, input `{}` strict) of a real server in a child process.
// For each size: answer size, HTTP status and time of one request; then three such requests at
// once while `/api/health` is asked every 50 ms, and the worst health latency meanwhile, against
// the health latency of an idle server (the reference, same run). Envelope off, then on.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpus } from "node:os";
import { createInterface } from "node:readline";
import {
  createEnvelope,
  ENVELOPE_ITERATIONS,
  type TEnvelopeSettings,
} from "../../packages/contract/src/envelope";

const SIZES = (process.env.FLOOD_SIZES ?? "37000,131072,1040000").split(",").map(Number);

/** `{"k0000001":0,…}` of about `bytes` bytes. */
function unknownKeys(bytes: number): Record<string, number> {
  const payload: Record<string, number> = {};
  let size = 2;
  for (let i = 0; size < bytes; i += 1) {
    const key = `k${String(i).padStart(7, "0")}`;
    payload[key] = 0;
    size += key.length + 5;
  }
  return payload;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

async function post(port: number, body: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/system/request_ping`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), head: text.slice(0, 120) };
}

async function healthWorst<T>(port: number, during: () => Promise<T>) {
  let worst = 0;
  let answered = 0;
  let isDone = false;
  const poll = (async () => {
    while (!isDone) {
      const { ms } = await timed(() => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.text()));
      worst = Math.max(worst, ms);
      answered += 1;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await during();
  isDone = true;
  await poll;
  return { worst, answered, result };
}

async function run(isEnvelopeOn: boolean): Promise<void> {
  const child = spawn("npx", ["tsx", "bench/validation-flood/server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ENVELOPE_ENABLED: String(isEnvelopeOn) },
  });
  const [line] = await once(createInterface({ input: child.stdout }), "line");
  const info = JSON.parse(String(line)) as { port: number; envelope: TEnvelopeSettings };
  const envelope = await createEnvelope({ ...info.envelope, iterations: ENVELOPE_ITERATIONS });
  console.log(`\nenvelope ${isEnvelopeOn ? "on" : "off"}`);
  const idle = await healthWorst(info.port, () => new Promise((r) => setTimeout(r, 1000)));
  console.log(`  idle server: worst /api/health ${idle.worst.toFixed(0)} ms (${idle.answered} asked)`);
  for (const size of SIZES) {
    // Sizes are of the body on the wire: base64 makes an encrypted payload a third larger.
    const payloadBytes = isEnvelopeOn ? Math.floor((size * 3) / 4) - 100 : size - 20;
    const body = JSON.stringify(await envelope.wrap(unknownKeys(payloadBytes)));
    const one = await timed(() => post(info.port, body));
    const three = await healthWorst(info.port, () =>
      timed(() => Promise.all([post(info.port, body), post(info.port, body), post(info.port, body)])),
    );
    console.log(
      `  body ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB: HTTP ${one.value.status}, answer ${one.value.bytes} bytes, ${one.ms.toFixed(0)} ms; ` +
        `3 at once ${three.result.ms.toFixed(0)} ms, worst /api/health meanwhile ${three.worst.toFixed(0)} ms (${three.answered} asked)`,
    );
    if (one.value.bytes < 400) console.log(`    ${one.value.head}`);
  }
  child.kill("SIGTERM");
  await once(child, "exit");
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, node ${process.version}`);
await run(false);
await run(true);
