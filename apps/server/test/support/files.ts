/**
 * Small files of every type a general upload (`POST /api/upload/file`) may carry, built in code
 * with the signatures real programs write: enough for the §5 checker to tell each kind apart.
 */
import sharp from "sharp";
import { gradientPng } from "./models";

const latin = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const utf16 = (text: string) => new Uint8Array(Buffer.from(text, "utf16le"));

function join(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
}

/** `n` bytes of filler that looks like no signature. */
function filler(n: number): Uint8Array {
  return new Uint8Array(n).fill(0x20);
}

/** An ISO base media file (mp4 or QuickTime) with the given major brand. */
function isoMedia(major: string): Uint8Array {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftyp", 4, "latin1");
  ftyp.write(major, 8, "latin1");
  ftyp.write(major, 16, "latin1");
  ftyp.write("mp41", 20, "latin1");
  const mdat = Buffer.alloc(64);
  mdat.writeUInt32BE(64, 0);
  mdat.write("mdat", 4, "latin1");
  return join(ftyp, mdat);
}

/** A binary STL of one triangle (80-byte header, count, 50 bytes a triangle). */
export function binaryStl(): Uint8Array {
  const bytes = Buffer.alloc(84 + 50);
  bytes.write("binary stl from a test", 0, "latin1");
  bytes.writeUInt32LE(1, 80);
  const v = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0];
  v.forEach((f, i) => {
    bytes.writeFloatLE(f, 84 + i * 4);
  });
  return new Uint8Array(bytes);
}

/** An ASCII STL of one triangle. */
export const asciiStl = (): Uint8Array =>
  latin(
    "solid part\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid part\n",
  );

/** A one-page PDF. */
export const pdf = (): Uint8Array =>
  latin(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );

/** A STEP (ISO 10303-21) exchange file. */
export const step = (): Uint8Array =>
  latin(
    "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('part'),'2;1');\nFILE_NAME('part.step','2026-01-01',(''),(''),'','','');\nFILE_SCHEMA(('AUTOMOTIVE_DESIGN'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n",
  );

const CFB = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A legacy PowerPoint deck (OLE compound file naming its PowerPoint stream). */
export const ppt = (): Uint8Array => join(CFB, filler(504), utf16("PowerPoint Document"), filler(64));

/** A legacy deck with a VBA project (macros): refused. */
export const pptWithMacros = (): Uint8Array =>
  join(CFB, filler(504), utf16("PowerPoint Document"), utf16("_VBA_PROJECT"), filler(64));

/** An OOXML presentation's zip opening. */
export const pptx = (): Uint8Array =>
  join(
    latin("PK\u0003\u0004"),
    filler(26),
    latin("[Content_Types].xml"),
    filler(40),
    latin("ppt/slides/slide1.xml"),
  );

/** An AVI (RIFF) opening. */
export const avi = (): Uint8Array =>
  join(latin("RIFF"), new Uint8Array([100, 0, 0, 0]), latin("AVI LIST"), filler(88));

/** A WMV (ASF) opening. */
export const wmv = (): Uint8Array =>
  join(
    new Uint8Array([
      0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
    ]),
    filler(100),
  );

export const mp4 = (): Uint8Array => isoMedia("isom");
export const mov = (): Uint8Array => isoMedia("qt  ");
export const png = (): Promise<Uint8Array> => gradientPng(16);

/** A small JPEG. */
export async function jpeg(): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(await gradientPng(16)))
      .jpeg()
      .toBuffer(),
  );
}
