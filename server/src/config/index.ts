import { assertValidConfig, DEFAULT_CONFIG } from '../../../core/src/config';

/**
 * `default` is a function so each load gets a fresh object. The validator throws a message naming
 * every bad option; Strapi prefixes it with "Error regarding article-publisher config" and stops.
 */
export default {
  default: () => structuredClone(DEFAULT_CONFIG),
  validator: (config: unknown) => {
    assertValidConfig(config);
  },
};
