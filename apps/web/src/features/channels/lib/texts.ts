import type { TChannelDoc, TTranslatableField } from "@vitrine/contract";

/** The original text of a translatable field of the owner's channel. */
export function originalOf(doc: TChannelDoc, field: TTranslatableField): string {
  if (field === "channel_name") return doc.channel_name;
  if (field === "channel_intro") return doc.channel_intro;
  return doc.channel_global_business_info[field];
}
