import { CODES } from "@vitrine/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { decideOutcome } from "../../../api/rules";
import { resources } from "../../../i18n/resources";
import { formatAdviceOf } from "./file-checks";
import { modelRefusalOf, type TModelRefusal } from "./upload-refusal";

const answer = (code: keyof typeof CODES, data: Record<string, unknown> | null) => ({
  rescode: CODES[code].rescode,
  data,
  transport: undefined,
});

async function wordsIn(lang: "en" | "ko", refusal: TModelRefusal | null): Promise<string> {
  if (!refusal) throw new Error("no refusal");
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { content: resources[lang].content } },
    interpolation: { escapeValue: false },
  });
  return i18n.t(refusal.key, { ns: "content", ...refusal.values });
}

describe("a refused model upload in the studio's words", () => {
  it("names the missing .bin in English and Korean", async () => {
    const refusal = modelRefusalOf(answer("modelFileMissing", { missing: ["DamagedHelmet.bin"] }));
    expect(await wordsIn("en", refusal)).toBe("This model needs DamagedHelmet.bin: add it to the upload.");
    expect(await wordsIn("ko", refusal)).toBe(
      "이 모델에는 DamagedHelmet.bin 파일이 필요합니다. 업로드에 함께 추가해 주세요.",
    );
    const two = modelRefusalOf(answer("modelFileMissing", { missing: ["a.bin", "b & c.png"] }));
    expect(await wordsIn("en", two)).toBe("This model needs a.bin, b & c.png: add them to the upload.");
  });

  it("names an empty or cut-off file, and says when there is nothing to draw", async () => {
    expect(await wordsIn("en", modelRefusalOf(answer("modelFileEmpty", { file: "empty.glb" })))).toBe(
      "empty.glb is empty. Export the model again and upload it.",
    );
    expect(await wordsIn("ko", modelRefusalOf(answer("modelFileTruncated", { file: "Radio.glb" })))).toMatch(
      /^Radio\.glb 파일이 완전하지 않습니다/,
    );
    expect(modelRefusalOf(answer("modelNothingToDraw", { reason: "noScene" }))?.key).toBe(
      "upload.refused.noScene",
    );
    expect(await wordsIn("en", modelRefusalOf(answer("modelNothingToDraw", { reason: "noMesh" })))).toMatch(
      /^This model has nothing to show: its scene holds no mesh/,
    );
  });

  it("says a damaged model cannot be shown, with the validator's detail and how to export it again", async () => {
    const refusal = modelRefusalOf(
      answer("modelDamaged", { file: "robot.glb", detail: "Unresolved reference: 7." }),
    );
    expect(refusal?.isProductionHelp).toBe(true);
    expect(await wordsIn("en", refusal)).toBe(
      "robot.glb cannot be shown: its data is damaged in a way no viewer draws past (Unresolved reference: 7.). Export it again from your 3D tool as glTF 2.0 (.glb) — in Blender: File → Export → glTF 2.0 — and upload that.",
    );
    expect(await wordsIn("ko", refusal)).toMatch(
      /^robot\.glb 파일은 표시할 수 없습니다\..*\(Unresolved reference: 7\.\)/,
    );
  });

  it("tells what to do with STL, STEP and archives, and offers production for other formats", async () => {
    const stl = modelRefusalOf(answer("modelConvertFirst", { format: "stl" }));
    expect(stl?.isProductionHelp).toBe(true);
    expect(await wordsIn("en", stl)).toMatch(
      /^STL files cannot be shown on the web yet\. Convert the model to glTF or GLB/,
    );
    expect(await wordsIn("ko", stl)).toMatch(/^STL 파일은 아직 웹에서 표시할 수 없습니다/);
    const zip = modelRefusalOf(answer("modelUnzipFirst", { format: "zip" }));
    expect(zip?.isProductionHelp).toBe(false);
    expect(await wordsIn("en", zip)).toMatch(/^Unzip the ZIP file first/);
  });

  it("says the same before sending, from the file names alone", () => {
    expect(formatAdviceOf([{ name: "bracket.STEP", size: 10 }])).toEqual(
      modelRefusalOf(answer("modelConvertFirst", { format: "step" })),
    );
    expect(formatAdviceOf([{ name: "model.zip", size: 10 }])).toEqual(
      modelRefusalOf(answer("modelUnzipFirst", { format: "zip" })),
    );
    expect(formatAdviceOf([{ name: "run.php.zip", size: 10 }])).toBeNull();
    expect(formatAdviceOf([{ name: "Fox.glb", size: 10 }])).toBeNull();
  });

  it("leaves other answers to the generic message", () => {
    expect(modelRefusalOf(answer("fileInvalid", null))).toBeNull();
    expect(modelRefusalOf(answer("modelFileMissing", { missing: "not a list" }))).toBeNull();
    expect(
      modelRefusalOf({ ...answer("modelFileEmpty", { file: "a.glb" }), transport: "failed" }),
    ).toBeNull();
  });

  it("keeps the owner signed in after any of these refusals", () => {
    const codes = [
      "modelFileMissing",
      "modelFileEmpty",
      "modelFileTruncated",
      "modelNothingToDraw",
      "modelConvertFirst",
      "modelUnzipFirst",
    ] as const;
    for (const code of codes) {
      const result = { status: false, rescode: CODES[code].rescode, data: null, message: "" } as const;
      expect(decideOutcome({ auth: "owner" }, result, false)).toBe("return");
    }
  });
});
