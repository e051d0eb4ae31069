// Server entry of the plugin; the build turns it into dist/server/index.js, which Strapi loads.
export { default } from './server/src';
