import type { Core } from '@strapi/strapi';
import type { ProviderObject } from '../../../core/src/images/upload-journal';

/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0 by
 * test/strapi-contract.test.ts (also in the compat check for each release):
 * - `strapi.plugin('upload').provider` is the configured provider object, set up by the upload plugin's
 *   register (before any plugin's bootstrap), and Strapi's upload service calls its methods through
 *   that object at each upload (@strapi/upload dist/server/services/provider.js), so a method replaced
 *   on it is the one called;
 * - the provider interface of Strapi's provider docs: `upload(file)` and/or `uploadStream(file)` write
 *   an object and set `file.url` (and `file.provider_metadata`); `delete(file)` removes one.
 *
 * The only place the plugin wraps a provider: the upload journal (server/src/pipeline/media/upload-journal.ts)
 * records each object before the provider writes it.
 */

/** A provider's write methods, as Strapi's upload plugin calls them (`(file, options) => Promise`). */
type ProviderWrite = (file: ProviderObject, ...rest: unknown[]) => Promise<unknown>;
type UploadProvider = Partial<Record<'upload' | 'uploadStream', ProviderWrite>> & {
  delete?: (file: ProviderObject) => Promise<unknown>;
  [WRAPPED]?: true;
};

/** Marks a provider whose writes are wrapped already (bootstrap runs once per app, but be sure). */
const WRAPPED = Symbol.for('article-publisher.upload-journal');

const providerOf = (strapi: Core.Strapi) => strapi.plugin('upload').provider as UploadProvider;

/**
 * Runs each object write of the upload provider through `around(file, write)`: `write` is the
 * provider's own call with the arguments Strapi gave. Once per app.
 */
export function wrapProviderWrites(
  strapi: Core.Strapi,
  around: (file: ProviderObject, write: () => Promise<unknown>) => Promise<unknown>
): void {
  const provider = providerOf(strapi);
  if (provider[WRAPPED]) return;
  for (const method of ['upload', 'uploadStream'] as const) {
    const write = provider[method];
    if (typeof write !== 'function') continue;
    provider[method] = (file: ProviderObject, ...rest: unknown[]) =>
      around(file, () => write.call(provider, file, ...rest));
  }
  provider[WRAPPED] = true;
}

/** Removes an object through the provider, as Strapi's own file removal does. */
export async function deleteProviderObject(strapi: Core.Strapi, file: ProviderObject): Promise<void> {
  const provider = providerOf(strapi);
  if (typeof provider.delete !== 'function')
    throw new Error('The upload provider has no delete (server/src/strapi/upload-provider.ts).');
  await provider.delete(file);
}
