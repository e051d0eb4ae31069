export { PLUGIN_ID } from '../../core/src/plugin-identity';
