/** The file types uploads are recognised as (SPEC §5): canonical MIME, aliases, extensions. */

/** A file type we recognise by its content. */
export type TDetectedType =
  | "png"
  | "jpeg"
  | "pdf"
  | "mp4"
  | "mov"
  | "avi"
  | "wmv"
  | "ppt"
  | "pptx"
  | "stl"
  | "step"
  | "glb"
  | "gltf";

/** What we know of one recognised type: canonical MIME, other MIME names in use, its extensions. */
export interface TFileTypeInfo {
  readonly mime: string;
  readonly aliases: readonly string[];
  readonly extensions: readonly string[];
}

/** The recognised types. */
export const FILE_TYPES: Readonly<Record<TDetectedType, TFileTypeInfo>> = {
  png: { mime: "image/png", aliases: [], extensions: ["png"] },
  jpeg: {
    mime: "image/jpeg",
    aliases: ["image/jpg", "image/pjpeg"],
    extensions: ["jpg", "jpeg", "jpe", "jfif"],
  },
  pdf: { mime: "application/pdf", aliases: ["application/x-pdf"], extensions: ["pdf"] },
  mp4: { mime: "video/mp4", aliases: ["video/x-m4v", "application/mp4"], extensions: ["mp4", "m4v"] },
  mov: { mime: "video/quicktime", aliases: [], extensions: ["mov", "qt"] },
  avi: { mime: "video/x-msvideo", aliases: ["video/avi", "video/msvideo"], extensions: ["avi"] },
  wmv: { mime: "video/x-ms-wmv", aliases: ["video/x-ms-asf", "application/vnd.ms-asf"], extensions: ["wmv"] },
  ppt: { mime: "application/vnd.ms-powerpoint", aliases: [], extensions: ["ppt", "pps", "pot"] },
  pptx: {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    aliases: [],
    extensions: ["pptx"],
  },
  stl: {
    mime: "model/stl",
    aliases: ["application/sla", "application/vnd.ms-pki.stl", "model/x.stl-binary", "model/x.stl-ascii"],
    extensions: ["stl"],
  },
  step: {
    mime: "model/step",
    aliases: ["application/step", "application/p21", "model/step+xml"],
    extensions: ["step", "stp"],
  },
  glb: { mime: "model/gltf-binary", aliases: [], extensions: ["glb"] },
  gltf: { mime: "model/gltf+json", aliases: [], extensions: ["gltf"] },
};
