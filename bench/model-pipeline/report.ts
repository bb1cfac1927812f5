import { DRACO_DECODER_BYTES } from "../../apps/server/src/modules/content/pipeline/pipeline";
import { median } from "../viewer/vitrine-site";

import { CLI_SIDES, kb, PSNR_IDENTICAL, RUNS, SIDE_KEYS, SIDE_LABELS, type TRow, type TSide } from "./sides";

export function ratio(value: number | null): string {
  return value === null ? "" : `${value.toFixed(2)}×`;
}

export function print(
  rows: TRow[],
  facts: { gltfTransform: string; gltfpack: string; cliStartMs: number; minutes: number },
): void {
  const line = (cells: string[]) => console.log(`| ${cells.join(" | ")} |`);
  const rule = (n: number) => line(Array(n).fill("---"));
  const cell = (side: TSide) => {
    if (side.status === "refused") return "REFUSED";
    if (side.status === "failed") return "FAILED";
    return `${kb(side.bytes)}${side.draco ? " (Draco)" : ""}`;
  };

  console.log("\n### Sizes (Draco files count the decoder in the ratios)\n");
  line([
    "model",
    "input",
    ...SIDE_KEYS.map((k) => SIDE_LABELS[k]),
    "ours / smallest CLI",
    "ours / meshopt+webp",
  ]);
  rule(4 + SIDE_KEYS.length);
  for (const row of rows) {
    line([
      row.name,
      kb(row.input),
      ...SIDE_KEYS.map((k) => cell(row.sides[k])),
      row.oursToSmallest === null
        ? ""
        : `${ratio(row.oursToSmallest)} (${SIDE_LABELS[row.smallest?.key ?? "ours"]})`,
      ratio(row.oursToMeshoptWebp),
    ]);
  }

  console.log("\n### Times (ours in process, warm; each CLI's wall time, its start included)\n");
  line(["model", ...SIDE_KEYS.map((k) => SIDE_LABELS[k]), "ours / meshopt+webp"]);
  rule(2 + SIDE_KEYS.length);
  for (const row of rows) {
    line([
      row.name,
      ...SIDE_KEYS.map((k) => (row.sides[k].ms === null ? "" : `${Math.round(row.sides[k].ms ?? 0)} ms`)),
      ratio(row.timeToMeshoptWebp),
    ]);
  }

  console.log(
    "\n### Render difference against the original (mean of 255 / px > 16 / PSNR dB), validator errors, clips\n",
  );
  line(["model", ...SIDE_KEYS.map((k) => SIDE_LABELS[k])]);
  rule(1 + SIDE_KEYS.length);
  for (const row of rows) {
    line([
      row.name,
      ...SIDE_KEYS.map((k) => {
        const side = row.sides[k];
        if (side.status !== "ok") return side.status.toUpperCase();
        const diff = side.diff
          ? `${side.diff.mean.toFixed(2)} / ${side.diff.differing.toFixed(2)} % / ${side.diff.psnr >= PSNR_IDENTICAL ? "∞" : side.diff.psnr.toFixed(1)}`
          : (side.error ?? "not compared");
        const errors = side.validatorErrors ? `; ${side.validatorErrors} errors` : "; 0 errors";
        const clips = side.clips ? `; clips ${side.clips.detail}` : "";
        return `${diff}${errors}${clips}`;
      }),
    ]);
  }

  const refused = rows.filter((r) => r.sides.ours.status !== "ok");
  if (refused.length > 0) {
    console.log("\n### Refused or failed by Vitrine\n");
    for (const row of refused) {
      console.log(`- ${row.name}: ${row.sides.ours.status.toUpperCase()} — ${row.sides.ours.error}`);
    }
  }
  const cliFailures = rows.flatMap((r) =>
    CLI_SIDES.filter((s) => r.sides[s.key].status !== "ok").map(
      (s) => `- ${r.name}, ${s.label}: ${r.sides[s.key].error}`,
    ),
  );
  if (cliFailures.length > 0) console.log(`\n### CLI runs that failed\n\n${cliFailures.join("\n")}`);
  const validatorRows = rows.filter((r) => (r.sides.ours.validatorErrors ?? 0) !== 0);
  if (validatorRows.length > 0) {
    console.log("\n### Validator errors in what Vitrine serves\n");
    for (const row of validatorRows) {
      console.log(
        `- ${row.name}: ${row.sides.ours.validatorErrors} (${JSON.stringify(row.sides.ours.validatorCodes)})`,
      );
    }
  }

  const compared = rows.filter((r) => r.sides.ours.effectiveBytes !== null && r.smallest);
  const sumOurs = compared.reduce((s, r) => s + (r.sides.ours.effectiveBytes ?? 0), 0);
  const sumSmallest = compared.reduce((s, r) => s + (r.smallest?.bytes ?? 0), 0);
  const withMeshopt = rows.filter((r) => r.oursToMeshoptWebp !== null);
  const worst = withMeshopt.reduce<TRow | null>(
    (w, r) => (w === null || (r.oursToMeshoptWebp ?? 0) > (w.oursToMeshoptWebp ?? 0) ? r : w),
    null,
  );
  const timeRatios = rows.map((r) => r.timeToMeshoptWebp).filter((t): t is number => t !== null);
  const worstTime = rows.reduce<TRow | null>(
    (w, r) =>
      r.timeToMeshoptWebp !== null && (w === null || r.timeToMeshoptWebp > (w.timeToMeshoptWebp ?? 0))
        ? r
        : w,
    null,
  );
  const above = withMeshopt.filter((r) => (r.oursToMeshoptWebp ?? 0) > 1).map((r) => r.name);
  console.log("\n### Totals\n");
  console.log(
    `- Models: ${rows.length}; Vitrine served ${rows.length - refused.length}, refused ${rows.filter((r) => r.sides.ours.status === "refused").length}, failed ${rows.filter((r) => r.sides.ours.status === "failed").length}.`,
  );
  console.log(
    `- Sum of ours ÷ sum of the per-model smallest CLI result (the ${compared.length} models ours served): ${kb(sumOurs)} / ${kb(sumSmallest)} = **${sumSmallest ? (sumOurs / sumSmallest).toFixed(2) : "—"}×**.`,
  );
  console.log(
    `- Max per-model ours ÷ gltf-transform meshopt+webp: **${ratio(worst?.oursToMeshoptWebp ?? null)}** (${worst?.name ?? "—"}); above 1.0×: ${above.length ? above.join(", ") : "none"}.`,
  );
  console.log(
    `- Time ours ÷ meshopt+webp: median ${timeRatios.length ? ratio(median(timeRatios)) : "—"}, max ${ratio(worstTime?.timeToMeshoptWebp ?? null)} (${worstTime?.name ?? "—"}).`,
  );
  const servedErrors = rows.filter((r) => (r.sides.ours.validatorErrors ?? 0) > 0).length;
  const clipsLost = rows.filter((r) => r.sides.ours.clips && !r.sides.ours.clips.kept).map((r) => r.name);
  console.log(
    `- Served files with validator errors: ${servedErrors}; animated models whose clips changed in ours: ${clipsLost.length ? clipsLost.join(", ") : "none"}.`,
  );
  console.log(
    `\n${facts.gltfTransform ? `gltf-transform ${facts.gltfTransform}` : "gltf-transform"}, ${facts.gltfpack || "gltfpack"} (npm build: no -tc/-tw texture compression); Node ${process.version}; render 512×512 px, SwiftShader WebGL, fixed camera on the original's bounds; the CLI's start alone (\`gltf-transform --version\`) ${Math.round(facts.cliStartMs)} ms; times are medians of ${RUNS} run(s); Draco decoder ${DRACO_DECODER_BYTES} B; whole run ${facts.minutes.toFixed(1)} min.`,
  );
}
