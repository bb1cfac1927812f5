/** @vitrine/contract: the one contract both sides import. Imports nothing of ours. */
export * from "./call";
export * from "./calls/index";
export * from "./channel-data";
export * from "./client";
export * from "./codes";
export * from "./envelope";
export * from "./ids";
export * from "./plans";
export * from "./shell";
export * from "./time";
export * from "./upload";
export * from "./validation";
