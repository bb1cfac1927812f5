/** Platform calls: liveness through the full dispatcher, used by tests and the API benchmark. */
import { z } from "zod";
import { defineCall } from "../call";

/** A trivial call: answers `pong` and the server time. */
export const pingCall = defineCall({
  path: "/api/system/request_ping",
  module: "system",
  input: z.object({}).strict(),
  output: z.object({ pong: z.literal(true), time: z.string() }),
  auth: "none",
  summary: "Answers pong and the server time (ISO 8601).",
});

/** Echoes a short text back; exercises validation with field errors. */
export const echoCall = defineCall({
  path: "/api/system/request_echo",
  module: "system",
  input: z
    .object({
      message: z.string().trim().min(1, "Please enter a message.").max(200, "At most 200 characters."),
    })
    .strict(),
  output: z.object({ message: z.string() }),
  auth: "none",
  summary: "Echoes a message of 1 to 200 characters.",
});
