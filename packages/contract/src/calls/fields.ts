/**
 * Field builders the call modules share (not part of the contract's exports: `calls/index.ts`
 * does not re-export this file).
 */
import { z } from "zod";
import { tooLongMessage } from "../validation";

/** A text of at most `max` characters, trimmed. */
export function text(max: number) {
  return z
    .string()
    .trim()
    .refine((v) => Array.from(v).length <= max, { message: tooLongMessage(max) });
}

/** A row id sent by a client (a content, channel, booth, inquiry…): 1–80 characters. */
export const ZId = z.string().min(1).max(80);
