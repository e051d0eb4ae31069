import { createTestDatabase, tableRows, type TestDatabase } from './databases';
import { request } from './http';
import { Nginx, UPSTREAM_HEADER } from './nginx';
import { freePort, startPlayground, type Playground } from './playground';
import { S3Server } from './s3-server';

/**
 * A site as production runs it: several playground instances on one PostgreSQL database, behind nginx
 * (round robin), with media in an S3 bucket through Strapi's aws-s3 provider.
 */
export interface Cluster {
  /** The proxy's URL: what clients (and the site's public `server.url`) use. */
  url: string;
  instances: Playground[];
  database: TestDatabase;
  s3: S3Server;
  nginx: Nginx;
  /** Milliseconds the whole setup took to start. */
  startedInMs: number;
  /** The instance that answered a proxied response (nginx's X-Upstream header). */
  instanceBehind(headers: Record<string, string | string[] | undefined>): Playground | undefined;
  /** The instance the proxy's round robin hands the next request to, found with one probe request. */
  nextInstance(): Promise<Playground>;
  /** Object keys the media library's file rows point at: each file's URL and each of its formats'. */
  referencedKeys(): Promise<string[]>;
  /** Stops everything; returns the milliseconds it took. */
  stop(): Promise<number>;
}

interface FileRow {
  url: string;
  formats: string | Record<string, { url: string }> | null;
}

export async function startCluster(options: {
  instances: number;
  env: Record<string, string>;
}): Promise<Cluster> {
  const started = Date.now();
  const s3 = await new S3Server().start();
  const database = await createTestDatabase('postgres');
  const nginx = new Nginx(await freePort());
  const env = {
    ...s3.playgroundEnv(),
    TRUST_PROXY: 'true',
    PROXY_HOPS: '1',
    PUBLIC_URL: nginx.url,
    ...options.env,
  };
  const instances: Playground[] = [];
  const stopAll = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await nginx.stop();
    await database.drop();
    await s3.stop();
  };
  try {
    // The first instance creates the schema alone; the others then start side by side.
    instances.push(await startPlayground({ env, database }));
    instances.push(
      ...(await Promise.all(
        Array.from({ length: options.instances - 1 }, () => startPlayground({ env, database }))
      ))
    );
    await nginx.start(instances.map((instance) => instance.port));
  } catch (error) {
    await stopAll();
    throw error;
  }

  const instanceBehind = (headers: Record<string, string | string[] | undefined>) => {
    const upstream = String(headers[UPSTREAM_HEADER] ?? '');
    return instances.find((instance) => upstream === `127.0.0.1:${instance.port}`);
  };

  return {
    url: nginx.url,
    instances,
    database,
    s3,
    nginx,
    startedInMs: Date.now() - started,
    instanceBehind,
    async nextInstance() {
      // nginx's round robin (equal weights, one worker) takes the upstreams in their listed order.
      const probe = await request(`${nginx.url}/_health`);
      const answered = instanceBehind(probe.headers);
      if (!answered)
        throw new Error(
          `the probe was not answered by an instance: ${probe.status} ${String(probe.headers[UPSTREAM_HEADER])}`
        );
      return instances[(instances.indexOf(answered) + 1) % instances.length];
    },
    async referencedKeys() {
      const keys: string[] = [];
      for (const row of (await tableRows(database, 'files')) as unknown as FileRow[]) {
        const formats =
          typeof row.formats === 'string'
            ? (JSON.parse(row.formats) as Record<string, { url: string }>)
            : (row.formats ?? {});
        for (const url of [row.url, ...Object.values(formats).map((format) => format.url)]) {
          const key = s3.keyOf(url);
          if (key === null) throw new Error(`a file row points outside the bucket: ${url}`);
          keys.push(key);
        }
      }
      return keys.sort();
    },
    async stop() {
      const stopping = Date.now();
      await stopAll();
      return Date.now() - stopping;
    },
  };
}
