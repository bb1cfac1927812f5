import { NodeIO } from "@gltf-transform/core";
import { ALL_EXTENSIONS } from "@gltf-transform/extensions";
import { REPAIR_KINDS } from "@vitrine/contract";
import { validateBytes } from "gltf-validator";
import { describe, expect, it } from "vitest";
import { brokenModels, soundBarGlb, type TBrokenModel } from "../../../../../test/support/broken-models";
import { fixtureModel } from "../../../../../test/support/models";
import { readUpload } from "../io";
import { REPAIRED_VALIDATOR_CODES, repairModel } from ".";

const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
const known = new Set(ALL_EXTENSIONS.map((e) => e.EXTENSION_NAME));

async function errorCodes(bytes: Uint8Array): Promise<string[]> {
  const report = await validateBytes(bytes, { format: "glb", maxIssues: 500, writeTimestamp: false });
  return [...new Set(report.issues.messages.filter((m) => m.severity === 0).map((m) => m.code))];
}

const models = await brokenModels();

describe("the repair step", () => {
  it("has a broken model for each kind of repair", () => {
    expect(new Set(models.map((m) => m.repair))).toEqual(new Set(REPAIR_KINDS));
  });

  it.each(models.map((m): [string, TBrokenModel] => [m.name, m]))(
    "repairs %s so the validator finds no error",
    async (_name, model) => {
      const before = await errorCodes(model.bytes);
      if (model.code) expect(before).toContain(model.code);
      else expect(before).toEqual([]);
      // The upload lets it through: every error it has is one the step repairs.
      expect(before.filter((code) => !REPAIRED_VALIDATOR_CODES.has(code))).toEqual([]);
      const { read: document, json } = await readUpload(model.bytes);
      const repairs = repairModel(document, json, known);
      expect(repairs.map((r) => r.kind)).toContain(model.repair);
      expect(await errorCodes(await io.writeBinary(document))).toEqual([]);
    },
  );

  it.each(["Fox.glb", "Radio.glb"] as const)(
    "repairs nothing in %s, which the validator finds valid",
    async (name) => {
      const bytes = fixtureModel(name);
      expect(await errorCodes(bytes)).toEqual([]);
      const { read, json } = await readUpload(bytes);
      expect(repairModel(read, json, known)).toEqual([]);
    },
  );

  it("repairs nothing in the sound bar the broken models are made from", async () => {
    const bytes = await soundBarGlb();
    expect(await errorCodes(bytes)).toEqual([]);
    const { read, json } = await readUpload(bytes);
    expect(repairModel(read, json, known)).toEqual([]);
  });
});
