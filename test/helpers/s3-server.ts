import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from './http';

/** The part of s3rver's API used here (the package ships no types). */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS package without types
const S3rver = require('s3rver') as S3rverConstructor;

/** s3rver's built-in credentials: it checks request signatures against this pair. */
export const S3_ACCESS_KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver, in this process) on loopback with one bucket, storing objects in
 * a temporary folder. Strapi's aws-s3 provider talks to it through the AWS SDK as it would to S3.
 */
export class S3Server {
  readonly bucket: string;
  url = '';
  private server: S3rverInstance | undefined;
  private directory = '';

  constructor(bucket = 'media') {
    this.bucket = bucket;
  }

  async start(): Promise<this> {
    this.directory = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-s3-'));
    this.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: this.directory,
      configureBuckets: [{ name: this.bucket }],
    });
    const { port } = await this.server.run();
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    if (this.directory) fs.rmSync(this.directory, { recursive: true, force: true });
  }

  /** The playground's variables for media in this bucket (see playground/config/plugins.js). */
  playgroundEnv(): Record<string, string> {
    return {
      UPLOAD_PROVIDER: 'aws-s3',
      S3_ENDPOINT: this.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY,
    };
  }

  /** The object key a provider URL points at, or null for a URL outside this bucket. */
  keyOf(url: string): string | null {
    const prefix = `${this.url}/${this.bucket}/`;
    return url.startsWith(prefix) ? decodeURIComponent(url.slice(prefix.length)) : null;
  }

  /** Every object key in the bucket (ListObjectsV2, one page: the tests stay well under 1000 objects). */
  async keys(): Promise<string[]> {
    const listing = await request(`${this.url}/${this.bucket}?list-type=2&max-keys=1000`, {
      headers: { accept: 'application/xml' },
    });
    if (listing.status !== 200)
      throw new Error(`listing the bucket failed: ${listing.status} ${listing.text}`);
    if (/<IsTruncated>true<\/IsTruncated>/.test(listing.text))
      throw new Error('the bucket holds more than one listing page');
    const unescape = (text: string) =>
      text.replace(
        /&(lt|gt|quot|apos|amp);/g,
        (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? ''
      );
    return [...listing.text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescape(match[1])).sort();
  }
}
