import { describe, expect, it } from "vitest";
import { CODES } from "./codes";
import {
  BLOCKED_EXTENSION_GROUPS,
  blockedExtensionOf,
  checkUpload,
  detectFileType,
  FILE_TYPES,
  type TDetectedType,
} from "./upload";

const text = (s: string) => new TextEncoder().encode(s);
const utf16 = (s: string) => new Uint8Array(Array.from(s).flatMap((c) => [c.charCodeAt(0), 0]));

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : new Uint8Array(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let offset = 0;
  for (const a of arrays) {
    out.set(a, offset);
    offset += a.length;
  }
  return out;
}

const padTo = (bytes: Uint8Array, length: number) =>
  concat(bytes, new Uint8Array(Math.max(0, length - bytes.length)));
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + compatible.length * 4;
  return padTo(concat(u32be(size), text("ftyp"), text(major), [0, 0, 2, 0], ...compatible.map(text)), 64);
}

function binaryStl(triangles: number, header = "binary stl"): Uint8Array {
  return concat(padTo(text(header), 80), u32le(triangles), new Uint8Array(triangles * 50));
}

const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** One sample per recognised type, with a file name and the MIME a browser would declare. */
const SAMPLES: Record<TDetectedType, { name: string; mime: string; bytes: Uint8Array }> = {
  png: {
    name: "photo.png",
    mime: "image/png",
    bytes: padTo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 64),
  },
  jpeg: { name: "photo.jpg", mime: "image/jpeg", bytes: padTo(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]), 64) },
  pdf: { name: "manual.pdf", mime: "application/pdf", bytes: text("%PDF-1.7\n%âãÏÓ\n1 0 obj\n") },
  mp4: { name: "clip.mp4", mime: "video/mp4", bytes: ftyp("isom", ["isom", "iso2", "avc1", "mp41"]) },
  mov: { name: "clip.mov", mime: "video/quicktime", bytes: ftyp("qt  ", ["qt  "]) },
  avi: {
    name: "clip.avi",
    mime: "video/x-msvideo",
    bytes: padTo(concat(text("RIFF"), u32le(1000), text("AVI LIST")), 64),
  },
  wmv: {
    name: "clip.wmv",
    mime: "video/x-ms-wmv",
    bytes: padTo(
      new Uint8Array([
        0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
      ]),
      64,
    ),
  },
  ppt: {
    name: "deck.ppt",
    mime: "application/vnd.ms-powerpoint",
    bytes: concat(
      padTo(new Uint8Array(CFB), 512),
      utf16("Root Entry"),
      new Uint8Array(44),
      utf16("PowerPoint Document"),
    ),
  },
  pptx: {
    name: "deck.pptx",
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    bytes: concat(
      ZIP,
      new Uint8Array(26),
      text("[Content_Types].xml"),
      new Uint8Array(40),
      ZIP,
      new Uint8Array(26),
      text("ppt/presentation.xml"),
    ),
  },
  stl: { name: "part.stl", mime: "", bytes: binaryStl(2) },
  step: {
    name: "part.step",
    mime: "",
    bytes: text("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('x'),'2;1');\n"),
  },
  glb: {
    name: "model.glb",
    mime: "model/gltf-binary",
    bytes: concat(text("glTF"), u32le(2), u32le(1000), new Uint8Array(20)),
  },
  gltf: {
    name: "model.gltf",
    mime: "model/gltf+json",
    bytes: text('{\n  "asset": { "version": "2.0" },\n  "scenes": []\n}'),
  },
};

const upload = (name: string, mime: string, bytes: Uint8Array, size?: number) =>
  checkUpload({ filename: name, declaredType: mime, bytes, size });

describe("signature detection", () => {
  it.each(Object.entries(SAMPLES))("recognises %s by its content", (type, sample) => {
    expect(detectFileType(sample.bytes, { filename: sample.name })).toBe(type);
    expect(upload(sample.name, sample.mime, sample.bytes)).toEqual({
      ok: true,
      type,
      mime: FILE_TYPES[type as TDetectedType].mime,
    });
  });

  it("recognises the other forms of a type", () => {
    expect(detectFileType(padTo(concat(u32be(8), text("moov")), 32))).toBe("mov");
    expect(detectFileType(ftyp("abcd", ["mp42"]))).toBe("mp4");
    expect(detectFileType(ftyp("abcd", ["qt  "]))).toBe("mov");
    expect(detectFileType(text("solid cube\n facet normal 0 0 1\n  outer loop\n"))).toBe("stl");
    expect(detectFileType(text("\uFEFF  ISO-10303-21;\n"))).toBe("step");
    // Binary STL whose header starts with "solid", as many exporters write it.
    expect(detectFileType(binaryStl(3, "solid exported by cad"))).toBe("stl");
  });

  it("uses the total size to recognise a binary STL from its first bytes", () => {
    const full = binaryStl(1000);
    const head = full.subarray(0, 8192);
    expect(detectFileType(head, { size: full.length })).toBe("stl");
    expect(detectFileType(head, { size: full.length + 1 })).toBeNull();
  });

  it("does not take other Office or audio files for allowed types", () => {
    const wordDoc = concat(padTo(new Uint8Array(CFB), 512), utf16("Root Entry"), utf16("WordDocument"));
    expect(detectFileType(wordDoc, { filename: "deck.ppt" })).toBeNull();
    const docx = concat(ZIP, new Uint8Array(26), text("[Content_Types].xml"), text("word/document.xml"));
    expect(detectFileType(docx, { filename: "x.pptx" })).toBeNull();
    expect(detectFileType(ftyp("M4A ", ["M4A ", "mp42"]))).toBeNull();
    expect(detectFileType(text("GIF89a"))).toBeNull();
    expect(detectFileType(text('{"name": "not gltf"}'))).toBeNull();
  });

  it("falls back on the extension when an Office directory lies past the sample", () => {
    const head = padTo(new Uint8Array(CFB), 8192);
    expect(detectFileType(head, { filename: "deck.ppt" })).toBe("ppt");
    expect(detectFileType(head, { filename: "sheet.xls" })).toBeNull();
  });
});

describe("blocked extensions", () => {
  const png = SAMPLES.png.bytes;

  it.each(Object.entries(BLOCKED_EXTENSION_GROUPS))("refuses every %s extension", (_group, extensions) => {
    for (const ext of extensions) {
      const result = upload(`file.${ext}`, "", png);
      expect(result, ext).toMatchObject({ ok: false, reason: "blocked-extension" });
    }
  });

  it.each([
    "shell.PHP",
    "shell.php.png",
    "shell.php5.jpg",
    "shell.php.",
    "shell.php . . ",
    "shell.asp;.jpg",
    "shell.php::$DATA",
    "shell.php\0.png",
    "../../var/www/shell.phtml",
    "C:\\temp\\run.EXE",
    ".htaccess",
    "archive.tar.gz",
    "page.Html",
    "icon.svg",
    "report.docm",
    "disk.iso",
    "setup.msi",
  ])("refuses %j", (name) => {
    expect(blockedExtensionOf(name)).not.toBeNull();
    const result = upload(name, "image/png", png);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason).toBe("blocked-extension");
    expect(result.ok === false && result.message.startsWith(CODES.fileInvalid.message)).toBe(true);
  });

  it("never blocks an allowed type's extension", () => {
    for (const info of Object.values(FILE_TYPES)) {
      for (const ext of info.extensions) expect(blockedExtensionOf(`file.${ext}`), ext).toBeNull();
    }
    expect(blockedExtensionOf("scene.bin")).toBeNull();
    expect(blockedExtensionOf("my.photo.2024.png")).toBeNull();
  });
});

describe("script and web-page content", () => {
  it.each([
    "<?php echo 1; ?>",
    "<?PHP system($_GET['c']);",
    "<?= $x ?>",
    "\uFEFF   <?php",
    "\n\n\t<!DOCTYPE html><html></html>",
    "<!doctype HTML>",
    "<html><body>",
    "<HTML>",
    "<script>alert(1)</script>",
    "<svg onload=alert(1)>",
    "<!-- comment -->",
  ])("refuses content starting %j, whatever the name", (content) => {
    const result = upload("photo.png", "image/png", text(content));
    expect(result).toMatchObject({ ok: false, reason: "script-content" });
  });

  it("refuses a UTF-16 HTML page", () => {
    const page = concat([0xff, 0xfe], utf16("<!DOCTYPE html>"));
    expect(upload("clip.mp4", "", page)).toMatchObject({ ok: false, reason: "script-content" });
  });

  it("refuses macro-enabled Office files named as allowed ones", () => {
    const pptm = concat(ZIP, text("[Content_Types].xml"), text("ppt/vbaProject.bin"));
    expect(upload("deck.pptx", "", pptm)).toMatchObject({ ok: false, reason: "script-content" });
    const ppt = concat(
      padTo(new Uint8Array(CFB), 512),
      utf16("PowerPoint Document"),
      utf16("_VBA_PROJECT_CUR"),
    );
    expect(upload("deck.ppt", "", ppt)).toMatchObject({ ok: false, reason: "script-content" });
  });

  it("does not mistake ordinary text after a binary header for a page", () => {
    expect(upload("a.pdf", "application/pdf", text("%PDF-1.4 <html>")).ok).toBe(true);
  });
});

describe("declared type", () => {
  it("accepts an empty or generic declared type when the content is known", () => {
    expect(upload("photo.png", "", SAMPLES.png.bytes)).toMatchObject({ ok: true, type: "png" });
    expect(upload("part.stl", "application/octet-stream", SAMPLES.stl.bytes)).toMatchObject({
      ok: true,
      type: "stl",
    });
    expect(upload("noext", "", SAMPLES.jpeg.bytes)).toMatchObject({
      ok: true,
      type: "jpeg",
      mime: "image/jpeg",
    });
  });

  it("accepts MIME aliases and parameters", () => {
    expect(upload("photo.jpg", "IMAGE/JPG", SAMPLES.jpeg.bytes).ok).toBe(true);
    expect(upload("model.gltf", "model/gltf+json; charset=utf-8", SAMPLES.gltf.bytes).ok).toBe(true);
  });

  it("refuses unknown content even with an empty declared type", () => {
    expect(upload("notes.txt", "", text("hello"))).toMatchObject({ ok: false, reason: "unknown-type" });
    expect(upload("photo.png", "image/png", text("GIF89a"))).toMatchObject({
      ok: false,
      reason: "unknown-type",
    });
  });

  it("refuses a declared type that differs from the content", () => {
    expect(upload("photo.png", "image/jpeg", SAMPLES.png.bytes)).toMatchObject({
      ok: false,
      reason: "type-mismatch",
    });
    expect(upload("x", "application/pdf", SAMPLES.glb.bytes)).toMatchObject({
      ok: false,
      reason: "type-mismatch",
    });
    expect(upload("x", "text/plain", SAMPLES.png.bytes)).toMatchObject({
      ok: false,
      reason: "type-mismatch",
    });
  });

  it("refuses an extension that differs from the content", () => {
    expect(upload("manual.png", "", SAMPLES.pdf.bytes)).toMatchObject({ ok: false, reason: "type-mismatch" });
    expect(upload("model.glb", "", SAMPLES.gltf.bytes)).toMatchObject({ ok: false, reason: "type-mismatch" });
  });

  it("treats mp4 and QuickTime as one family and keeps the name's type", () => {
    expect(upload("clip.mov", "video/quicktime", SAMPLES.mp4.bytes)).toEqual({
      ok: true,
      type: "mov",
      mime: "video/quicktime",
    });
    expect(upload("clip.mp4", "video/mp4", SAMPLES.mov.bytes)).toMatchObject({ ok: true, type: "mp4" });
  });
});

describe("allowed-type map", () => {
  const images = { png: ["image/png"], jpg: ["image/jpeg"], jpeg: ["image/jpeg"] };

  it("accepts what the map allows", () => {
    expect(
      checkUpload({ filename: "a.png", declaredType: "", bytes: SAMPLES.png.bytes }, { allowed: images }),
    ).toMatchObject({
      ok: true,
      type: "png",
    });
  });

  it("refuses known types the map leaves out", () => {
    const result = checkUpload(
      { filename: "m.pdf", declaredType: "", bytes: SAMPLES.pdf.bytes },
      { allowed: images },
    );
    expect(result).toMatchObject({ ok: false, reason: "not-allowed" });
    expect(result.ok === false && result.message.startsWith("File invalid.")).toBe(true);
  });

  it("refuses an extension whose listed MIME types do not fit the content", () => {
    const odd = { png: ["image/jpeg"] };
    expect(
      checkUpload({ filename: "a.png", declaredType: "", bytes: SAMPLES.png.bytes }, { allowed: odd }),
    ).toMatchObject({ ok: false, reason: "not-allowed" });
  });

  it("refuses a file without an extension when a map is given", () => {
    expect(
      checkUpload(
        { filename: "photo", declaredType: "image/png", bytes: SAMPLES.png.bytes },
        { allowed: images },
      ),
    ).toMatchObject({ ok: false, reason: "not-allowed" });
  });
});
