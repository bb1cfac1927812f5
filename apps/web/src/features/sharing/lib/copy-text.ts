/** Puts `text` on the clipboard; answers false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, insecure origin): fall through to the older way.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let isCopied = false;
  try {
    isCopied = typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    isCopied = false;
  }
  area.remove();
  return isCopied;
}
