// s3rver ships no types; the part its test helper uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** S3 event notifications: "ObjectCreated:Put" for a single put, "ObjectCreated:Post" for a completed multipart upload. */
    on(event: "event", listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void): this;
  }
}
