import authThrottle from './auth-throttle';
import contentRights from './content-rights';
import pluginConfig from './plugin-config';
import pluginStore from './plugin-store';
import siteInfo from './site-info';
import siteLocales from './site-locales';
import targetSchema from './target-schema';

/** What every door and the pipeline read alike: the config and store, the site, its content types and rights. */
export const sharedServices = {
  'auth-throttle': authThrottle,
  'content-rights': contentRights,
  'plugin-config': pluginConfig,
  'plugin-store': pluginStore,
  'site-info': siteInfo,
  'site-locales': siteLocales,
  'target-schema': targetSchema,
};
