/**
 * How many pixels each texture needs, from the model's size on screen (issue 16: "resized to what
 * the model's size on screen needs"). The pipeline's largest view is the whole model across
 * 2048 px (the bound simplification keeps to); a visitor may zoom in, so a texture gets enough
 * texels for a quarter of the model filling that view ({@link ZOOM_MARGIN}). On a triangle, a
 * texture's texel density is its side × √(UV area / surface area), so the triangle needs a side
 * of `2048 × ZOOM_MARGIN / model size × √(surface area / UV area)`; the texture gets what the
 * most stretched of its triangles need, leaving out the most stretched 5 % of its surface (slivers
 * and seams whose UV area is next to nothing). A label that covers a small part of the model gets
 * fewer pixels than one that wraps all of it.
 *
 * Where that cannot be worked out the texture keeps the pipeline's largest size: textures used by
 * material extensions, through KHR_texture_transform, on skinned, morphed or non-triangle
 * primitives, or on surfaces with no UV area.
 */
import type { Document, Material, Node, Primitive, Texture, TextureInfo } from "@gltf-transform/core";
import { floatsOf } from "./model-size";
import { worldSizes } from "./optimize-steps";

/** The view the pipeline plans for: the whole model across this many pixels. */
export const VIEW_PIXELS = 2048;
/** How far in a visitor may zoom and still see every texel: a quarter of the model fills the view. */
export const ZOOM_MARGIN = 4;
/** No texture is made smaller than this on its longer side. */
export const MIN_TEXTURE_SIDE = 256;

const TRIANGLES = 4;

/** The share of a texture's surface whose needs decide its size (the rest: slivers and seams). */
const COVERED_SHARE = 0.95;

/** One triangle's need: √(surface / UV area), weighted by its surface. */
interface TNeed {
  ratio: number;
  surface: number;
}

/** The texture slots of a material core glTF defines, with their texture info. */
function slots(material: Material): [Texture | null, TextureInfo | null][] {
  return [
    [material.getBaseColorTexture(), material.getBaseColorTextureInfo()],
    [material.getEmissiveTexture(), material.getEmissiveTextureInfo()],
    [material.getNormalTexture(), material.getNormalTextureInfo()],
    [material.getOcclusionTexture(), material.getOcclusionTextureInfo()],
    [material.getMetallicRoughnessTexture(), material.getMetallicRoughnessTextureInfo()],
  ];
}

/**
 * Each triangle's √(surface / UV area) and surface (world), or null when they cannot be measured.
 * Flat arrays, no allocation per triangle: this runs over every triangle of every textured
 * primitive (ToyCar's 108,936 took 0.9 s with a vector per corner).
 */
function needs(node: Node, primitive: Primitive, texCoord: number): TNeed[] | null {
  const uvAccessor = primitive.getAttribute(`TEXCOORD_${texCoord}`);
  const position = primitive.getAttribute("POSITION");
  if (!uvAccessor || !position || primitive.getMode() !== TRIANGLES || primitive.listTargets().length > 0)
    return null;
  const uvs = floatsOf(uvAccessor);
  const uvStride = uvAccessor.getElementSize();
  const local = floatsOf(position);
  const count = position.getCount();
  const m = node.getWorldMatrix();
  const world = new Float64Array(count * 3);
  for (let i = 0; i < count; i++) {
    const x = local[i * 3] ?? 0;
    const y = local[i * 3 + 1] ?? 0;
    const z = local[i * 3 + 2] ?? 0;
    world[i * 3] = (m[0] ?? 0) * x + (m[4] ?? 0) * y + (m[8] ?? 0) * z + (m[12] ?? 0);
    world[i * 3 + 1] = (m[1] ?? 0) * x + (m[5] ?? 0) * y + (m[9] ?? 0) * z + (m[13] ?? 0);
    world[i * 3 + 2] = (m[2] ?? 0) * x + (m[6] ?? 0) * y + (m[10] ?? 0) * z + (m[14] ?? 0);
  }
  const indices = primitive.getIndices()?.getArray() ?? null;
  const corners = indices ? indices.length : count;
  const out: TNeed[] = [];
  for (let t = 0; t + 2 < corners; t += 3) {
    const a = indices ? (indices[t] as number) : t;
    const b = indices ? (indices[t + 1] as number) : t + 1;
    const c = indices ? (indices[t + 2] as number) : t + 2;
    const abx = (world[b * 3] ?? 0) - (world[a * 3] ?? 0);
    const aby = (world[b * 3 + 1] ?? 0) - (world[a * 3 + 1] ?? 0);
    const abz = (world[b * 3 + 2] ?? 0) - (world[a * 3 + 2] ?? 0);
    const acx = (world[c * 3] ?? 0) - (world[a * 3] ?? 0);
    const acy = (world[c * 3 + 1] ?? 0) - (world[a * 3 + 1] ?? 0);
    const acz = (world[c * 3 + 2] ?? 0) - (world[a * 3 + 2] ?? 0);
    const surface = Math.hypot(aby * acz - abz * acy, abz * acx - abx * acz, abx * acy - aby * acx) / 2;
    const ua = (uvs[a * uvStride] as number | undefined) ?? 0;
    const va = (uvs[a * uvStride + 1] as number | undefined) ?? 0;
    const ub = ((uvs[b * uvStride] as number | undefined) ?? 0) - ua;
    const vb = ((uvs[b * uvStride + 1] as number | undefined) ?? 0) - va;
    const uc = ((uvs[c * uvStride] as number | undefined) ?? 0) - ua;
    const vc = ((uvs[c * uvStride + 1] as number | undefined) ?? 0) - va;
    const uvArea = Math.abs(ub * vc - uc * vb) / 2;
    if (surface > 0)
      out.push({ ratio: uvArea > 0 ? Math.sqrt(surface / uvArea) : Number.POSITIVE_INFINITY, surface });
  }
  return out;
}

/** The ratio that covers {@link COVERED_SHARE} of the surface, least stretched first. */
function coveringRatio(list: TNeed[]): number {
  const total = list.reduce((sum, need) => sum + need.surface, 0);
  list.sort((a, b) => a.ratio - b.ratio);
  let covered = 0;
  for (const need of list) {
    covered += need.surface;
    if (covered >= total * COVERED_SHARE) return need.ratio;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The longest side each texture needs, in pixels (textures not in the map keep the pipeline's
 * largest size).
 */
export function textureSides(document: Document): Map<Texture, number> {
  const root = document.getRoot();
  const model = worldSizes(document).model;
  const uses = new Map<Texture, TNeed[]>();
  const unbounded = new Set<Texture>();
  // Textures a material extension (clearcoat, sheen, transmission…) or a texture transform uses.
  for (const texture of root.listTextures()) {
    const byCore = texture
      .listParents()
      .every((parent) => parent === root || parent.propertyType === "Material");
    if (!byCore) unbounded.add(texture);
  }
  const nodes = root.listNodes().filter((node: Node) => node.getMesh());
  for (const node of nodes) {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const material = primitive.getMaterial();
      if (!material) continue;
      // Measured once per UV set: a material's slots (colour, normals, roughness…) mostly share one.
      const byUvSet = new Map<number, TNeed[] | null>();
      const measure = (texCoord: number) => {
        if (!byUvSet.has(texCoord)) byUvSet.set(texCoord, needs(node, primitive, texCoord));
        return byUvSet.get(texCoord) ?? null;
      };
      for (const [texture, info] of slots(material)) {
        if (!texture || !info) continue;
        const measured =
          node.getSkin() || info.getExtension("KHR_texture_transform") ? null : measure(info.getTexCoord());
        if (!measured) {
          unbounded.add(texture);
          continue;
        }
        const list = uses.get(texture) ?? [];
        for (const need of measured) list.push(need);
        uses.set(texture, list);
      }
    }
  }
  const sides = new Map<Texture, number>();
  if (!(model > 0)) return sides;
  for (const [texture, list] of uses) {
    if (unbounded.has(texture) || list.length === 0) continue;
    const side = ((VIEW_PIXELS * ZOOM_MARGIN) / model) * coveringRatio(list);
    if (Number.isFinite(side)) sides.set(texture, Math.max(MIN_TEXTURE_SIDE, Math.ceil(side)));
  }
  return sides;
}
