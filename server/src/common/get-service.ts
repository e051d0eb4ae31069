import type { Core } from '@strapi/strapi';
import type { PluginServices } from '../services';
import { PLUGIN_ID } from './plugin-id';

/** A plugin service by name, typed from the services map. */
export function getService<Name extends keyof PluginServices>(
  strapi: Core.Strapi,
  name: Name
): PluginServices[Name] {
  return strapi.plugin(PLUGIN_ID).service(name) as PluginServices[Name];
}
