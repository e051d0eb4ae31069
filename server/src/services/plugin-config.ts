import type { Core } from '@strapi/strapi';
import { resolveEffectiveConfig, type EffectiveConfig, type PluginConfig } from '../../../core/src/config';
import { PLUGIN_ID } from '../utils/plugin-id';

/** The plugin config as the other services use it: validated at start, environment applied. */
const pluginConfigService = ({ strapi }: { strapi: Core.Strapi }) => ({
  get(): EffectiveConfig {
    const config = strapi.config.get(`plugin::${PLUGIN_ID}`) as PluginConfig;
    return resolveEffectiveConfig(config, process.env);
  },
});

export type PluginConfigService = ReturnType<typeof pluginConfigService>;
export default pluginConfigService;
