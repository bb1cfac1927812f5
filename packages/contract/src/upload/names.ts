/**
 * What a file's name says (SPEC §5): its extension, and the refused extensions, checked on every
 * dot-separated part so a hidden one is found too.
 */

/**
 * Refused extensions by class. Checked on every dot-separated part of a name, so `a.php.png`
 * (which Apache's mod_mime would run as PHP) is refused too.
 */
export const BLOCKED_EXTENSION_GROUPS = {
  serverScripts: [
    ...["php", "php2", "php3", "php4", "php5", "php6", "php7", "php8", "phps", "pht", "phtm", "phtml"],
    ...["phar", "pgif", "inc", "asp", "aspx", "asa", "asax", "ascx", "ashx", "asmx", "axd", "cer", "cdx"],
    ...["cshtml", "vbhtml", "jsp", "jspx", "jsw", "jsv", "jspf", "cfm", "cfml", "cfc", "cgi", "fcgi"],
    ...["pl", "pm", "py", "pyc", "pyo", "pyw", "pyz", "rb", "erb", "rhtml", "lua", "tcl", "shtml"],
    ...["shtm", "stm", "htaccess", "htpasswd", "config", "ini"],
  ],
  shellScripts: [
    ...["sh", "bash", "zsh", "ksh", "csh", "tcsh", "fish", "command", "ps1", "psm1", "psd1", "ps1xml"],
    ...["psc1", "pssc", "bat", "cmd", "vbs", "vbe", "vb", "vba", "js", "jse", "mjs", "cjs", "jsx"],
    ...["wsf", "wsh", "wsc", "ws", "sct", "applescript", "scpt", "workflow", "action"],
  ],
  executables: [
    ...["exe", "dll", "com", "scr", "pif", "cpl", "sys", "drv", "ocx", "msc", "lnk", "reg", "inf"],
    ...["gadget", "application", "appref-ms", "jar", "war", "ear", "class", "elf", "so", "dylib", "ko"],
    ...["out", "run", "url", "webloc", "desktop", "node", "wasm", "swf"],
  ],
  installers: [
    ...["msi", "msp", "mst", "msix", "msixbundle", "appx", "appxbundle", "apk", "aab", "xapk", "apks"],
    ...["ipa", "app", "deb", "udeb", "rpm", "pkg", "mpkg", "snap", "flatpak", "flatpakref", "appimage"],
  ],
  archives: [
    ...["zip", "zipx", "rar", "7z", "tar", "gz", "tgz", "bz2", "tbz", "tbz2", "xz", "txz", "lz", "lzma"],
    ...["tlz", "lzh", "lha", "z", "cab", "arj", "ace", "zst", "zstd", "cpio", "sit", "sitx", "shar"],
  ],
  macroDocuments: [
    ...["docm", "dotm", "xlsm", "xltm", "xlam", "xlsb", "xla", "xlm", "pptm", "potm", "ppam", "ppsm"],
    ...["sldm", "ppa"],
  ],
  webPages: [
    ...["html", "htm", "xhtml", "xht", "mht", "mhtml", "svg", "svgz", "hta", "htc", "xml", "xsl"],
    ...["xslt"],
  ],
  diskImages: [
    ...["iso", "img", "vhd", "vhdx", "vmdk", "vdi", "qcow", "qcow2", "ova", "ovf", "dmg", "toast"],
    ...["nrg", "cue", "udf", "wim", "sparseimage", "sparsebundle"],
  ],
} as const satisfies Record<string, readonly string[]>;

/** Every refused extension, lower case without the dot. */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set(
  Object.values(BLOCKED_EXTENSION_GROUPS).flat(),
);

/** The name without folders, lower case, with the trailing dots and spaces Windows ignores removed. */
function cleanName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  return base.toLowerCase().replace(/[\s.]+$/u, "");
}

/** Lower-case extension of a file name (last dot-separated part), `""` when there is none. */
export function extensionOf(filename: string): string {
  const name = cleanName(filename);
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).trim();
}

/**
 * The first refused extension found in a name, or `null`. Every part after the first is checked,
 * split on dots and on the `;` (IIS), `:` (NTFS streams) and NUL tricks that hide a real extension.
 */
export function blockedExtensionOf(filename: string): string | null {
  const parts = cleanName(filename).split(/[.;:\0]/);
  for (const part of parts.slice(1)) {
    const ext = part.trim().replace(/\$data$/, "");
    if (BLOCKED_EXTENSIONS.has(ext)) return ext;
  }
  return null;
}
