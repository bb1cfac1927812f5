/** The part of s3rver's untyped API the tests use. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface TS3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  }

  /** An in-process S3-protocol server. */
  export default class S3rver {
    constructor(options?: TS3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
