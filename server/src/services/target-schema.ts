import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../core/src/config';
import { ServiceError } from '../../../core/src/errors';
import {
  buildPublishTarget,
  targetReport,
  type PublishTarget,
  type TargetReport,
} from '../../../core/src/publish-target';
import { schemaCatalog } from '../utils/schema-catalog';

export type { PublishTarget } from '../../../core/src/publish-target';

export interface TargetDescription {
  target: PublishTarget;
  report: TargetReport;
  /** Nothing can be published until these are fixed. */
  fatal: string[];
  /** Publishing works, but a part of the article is not saved. */
  degraded: string[];
}

/** The refusal of a target that cannot receive articles, as publish and ping answer it. */
export function targetUnfillable(fatal: string[], consequence: string): ServiceError {
  return new ServiceError(
    'target_unfillable',
    `The site's target content type cannot receive articles, ${consequence}: ${fatal.join(' ')} The site's owner fixes this in Settings > Article Publisher (or the plugin's config).`,
    {},
    { target_problems: fatal }
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
    return {
      target,
      report: targetReport(target),
      fatal: target.problems.fatal,
      degraded: target.problems.degraded,
    };
  },

  /**
   * The profile, or a 422 target_unfillable naming what keeps the target from receiving articles:
   * only the site owner can fix it, so a sender must not retry (never a 5xx).
   */
  requireUsable(config: EffectiveConfig): PublishTarget {
    const target = this.profile(config);
    if (target.problems.fatal.length) throw targetUnfillable(target.problems.fatal, 'nothing was written');
    return target;
  },
});

export type TargetSchemaService = ReturnType<typeof targetSchema>;
export default targetSchema;
