import { ProcessingError } from "./errors";
import { loadGltfValidator } from "./packages";

/**
 * The Khronos validator judges what we serve: a served file with any error is a failure (with the
 * validator's first message in the log), never a model a visitor's viewer may refuse.
 */
export async function checkServed(bytes: Uint8Array): Promise<void> {
  const { validateBytes } = await loadGltfValidator();
  // Every issue counted (0: no limit): with a limit, warnings could fill it before an error shows.
  const report = await validateBytes(bytes, { format: "glb", maxIssues: 0, writeTimestamp: false });
  if (report.issues.numErrors === 0) return;
  const first = report.issues.messages.find((m) => m.severity === 0);
  throw new ProcessingError(
    "The model could not be made valid for the web. Export it again from your 3D tool as glTF 2.0 (.glb) and upload that.",
    new Error(first ? `${first.code}: ${first.message} (${first.pointer ?? ""})` : "validator errors"),
  );
}
