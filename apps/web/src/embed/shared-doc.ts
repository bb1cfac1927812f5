/**
 * Reads the resolve call's answer without zod: enough checks that the embed never works on a
 * shape it does not expect (the server validates its own output against the contract).
 */
import type { TSharedDoc } from "@vitrine/contract";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isBranding(value: unknown): boolean {
  return isRecord(value) && typeof value.show_logo === "boolean" && typeof value.show_ads === "boolean";
}

function isBuild(value: unknown): boolean {
  return (
    isRecord(value) &&
    isRecord(value.sceneinfo) &&
    Array.isArray(value.annotationinfo) &&
    Array.isArray(value.animationinfo) &&
    Array.isArray(value.materialinfo)
  );
}

function isContent(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.content_id === "string" &&
    typeof value.title === "string" &&
    typeof value.model_url === "string" &&
    (value.thumbnail_url === null || typeof value.thumbnail_url === "string") &&
    isBuild(value.build) &&
    isRecord(value.specification) &&
    Array.isArray(value.specification.images) &&
    (value.dimensions === null || (Array.isArray(value.dimensions) && value.dimensions.length === 3))
  );
}

/** The shared document inside a resolve answer's `data`, or null when it is not one. */
export function sharedDocOf(data: unknown): TSharedDoc | null {
  if (!isRecord(data) || !isRecord(data.doc)) return null;
  const doc = data.doc;
  if (typeof doc.sharelink_url !== "string" || !isBranding(doc.branding)) return null;
  if (doc.kind === "content" && isContent(doc.content)) return doc as unknown as TSharedDoc;
  if (doc.kind === "sealed" && typeof doc.sealed_url === "string" && typeof doc.sealed_bytes === "number") {
    return doc as unknown as TSharedDoc;
  }
  return null;
}
