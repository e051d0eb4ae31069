export { PLUGIN_ID } from '../../../core/src/plugin-identity';

/** Every route of integration A and B lives under this path (below Strapi's REST prefix). */
export const SERVICE_ROUTE_BASE = '/service/v1';
