import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../core/src/config';
import type { TargetCheck } from '../../../core/src/contracts';
import { ServiceError } from '../../../core/src/errors';
import {
  buildPublishTarget,
  targetReport,
  type PublishTarget,
  type TargetReport,
} from '../../../core/src/publish-target';
import { defaultsLine } from '../../../core/src/target-profile/required-fields';
import { schemaCatalog } from '../utils/schema-catalog';

export type { PublishTarget } from '../../../core/src/publish-target';

export interface TargetDescription {
  target: PublishTarget;
  report: TargetReport;
  /** Nothing can be published until these are fixed. */
  fatal: string[];
  /** Publishing works, but a part of the article is not saved. */
  degraded: string[];
  /** The `defaults` line that would let the fatal required fields be written (`defaults: { code: "..." }`), if any. */
  suggestedDefaults: string | undefined;
  /** What the admin's live check shows. */
  check: TargetCheck;
}

/**
 * The refusal of a target that cannot receive articles, as publish and ping answer it; with the
 * `defaults` line that fixes its required fields, when that is the fix.
 */
export function targetUnfillable(
  fatal: string[],
  consequence: string,
  suggestedDefaults?: string
): ServiceError {
  const fix = suggestedDefaults
    ? ` The site's owner fixes this by adding to the plugin's config (config/plugins): ${suggestedDefaults}.`
    : " The site's owner fixes this in Settings > Article Publisher (or the plugin's config).";
  return new ServiceError(
    'target_unfillable',
    `The site's target content type cannot receive articles, ${consequence}: ${fatal.join(' ')}${fix}`,
    {},
    { target_problems: fatal, ...(suggestedDefaults ? { suggested_defaults: suggestedDefaults } : {}) }
  );
}

/** Reads the configured target's schema into its profile (built per call: the schema can change with the settings). */
const targetSchema = ({ strapi }: { strapi: Core.Strapi }) => ({
  profile(config: EffectiveConfig): PublishTarget {
    return buildPublishTarget(
      {
        targetContentType: config.targetContentType,
        fields: config.fields,
        bodyFormat: config.bodyFormat,
        categoryFields: config.categoryFields,
        defaults: config.defaults,
      },
      schemaCatalog(strapi)
    );
  },

  describe(config: EffectiveConfig): TargetDescription {
    const target = this.profile(config);
    const { fatal, degraded } = target.problems;
    const suggestedDefaults = target.suggestedDefaults.length
      ? defaultsLine(target.suggestedDefaults)
      : undefined;
    return {
      target,
      report: targetReport(target),
      fatal,
      degraded,
      suggestedDefaults,
      check: { fatal, degraded, ...(suggestedDefaults ? { suggestedDefaults } : {}) },
    };
  },

  /**
   * The profile, or a 422 target_unfillable naming what keeps the target from receiving articles:
   * only the site owner can fix it, so a sender must not retry (never a 5xx).
   */
  requireUsable(config: EffectiveConfig): PublishTarget {
    const target = this.profile(config);
    if (target.problems.fatal.length) {
      const line = target.suggestedDefaults.length ? defaultsLine(target.suggestedDefaults) : undefined;
      throw targetUnfillable(target.problems.fatal, 'nothing was written', line);
    }
    return target;
  },
});

export type TargetSchemaService = ReturnType<typeof targetSchema>;
export default targetSchema;
