/**
 * Opening a sealed link in the embed: the snapshot codec (an on-demand chunk), the key from the
 * URL fragment, the download with its progress, then the decryption.
 */
import type { TSharedDoc } from "@vitrine/contract";
import type { TEmbedState } from "./embed-types";
import type { TOpenedSnapshot } from "./sealed-download";

/**
 * Downloads and opens the snapshot of a sealed link, telling `setState` how it goes; null (with
 * the message already shown) when it cannot be opened.
 */
export async function openSealedLink(
  doc: Extract<TSharedDoc, { kind: "sealed" }>,
  hash: string,
  setState: (state: TEmbedState) => void,
  getState: () => TEmbedState,
): Promise<TOpenedSnapshot | null> {
  // Only sealed links need the snapshot codec: it loads on demand.
  let codec: typeof import("./sealed-download");
  try {
    codec = await import("./sealed-download");
  } catch {
    setState({ kind: "message", message: "failed" });
    return null;
  }
  const { downloadBytes, keyFromFragment, openSealed } = codec;
  const key = keyFromFragment(hash);
  if (!key) {
    setState({ kind: "sealedMessage", message: "noKey" });
    return null;
  }
  setState({ kind: "downloading", percent: 0 });
  let ciphertext: Uint8Array;
  try {
    ciphertext = await downloadBytes(doc.sealed_url, doc.sealed_bytes, (fraction) => {
      const percent = Math.round(fraction * 100);
      const state = getState();
      if (state.kind === "downloading" && state.percent !== percent)
        setState({ kind: "downloading", percent });
    });
  } catch {
    setState({ kind: "message", message: "failed" });
    return null;
  }
  setState({ kind: "opening" });
  try {
    return await openSealed(ciphertext, key);
  } catch {
    setState({ kind: "sealedMessage", message: "broken" });
    return null;
  }
}
