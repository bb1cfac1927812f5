import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe } from "vitest";
import type { TBlobStore } from "../types";
import { blobStoreCases } from "./blob-store.suite";
import { createS3BlobStore } from "./s3-store";

describe("S3 blob store against s3rver", () => {
  let dir = "";
  let server: S3rver;
  let store: TBlobStore & { client: { destroy(): void } };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vitrine-s3-"));
    server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
    const { port } = await server.run();
    const s3 = await createS3BlobStore({
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "vitrine-test",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    await s3.client.send(new CreateBucketCommand({ Bucket: "vitrine-test" }));
    store = s3;
  });
  afterAll(async () => {
    store?.client.destroy();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  blobStoreCases(() => store);
});
