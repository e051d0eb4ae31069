import apiKey from './api-key';
import authThrottle from './auth-throttle';
import pluginConfig from './plugin-config';
import secretStore from './secret-store';
import siteInfo from './site-info';

const services = {
  'api-key': apiKey,
  'auth-throttle': authThrottle,
  'plugin-config': pluginConfig,
  'secret-store': secretStore,
  'site-info': siteInfo,
};

export type PluginServices = { [Name in keyof typeof services]: ReturnType<(typeof services)[Name]> };
export default services;
