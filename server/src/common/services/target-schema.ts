import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../../core/src/config';
import type { TargetCheck } from '../../../../core/src/contracts';
import { ServiceError } from '../../../../core/src/errors';
import {
  buildPublishTarget,
  targetReport,
  type PublishTarget,
  type TargetReport,
} from '../../../../core/src/publish-target';
import { deepFreeze } from '../../../../core/src/deep-freeze';
import { defaultsLine } from '../../../../core/src/target-profile/required-fields';
import { roleUses } from '../../../../core/src/target-profile/role-uses';
import { schemaCatalog } from '../schema-catalog';

export type { PublishTarget } from '../../../../core/src/publish-target';

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

/** Profiles kept per process: settings are edited rarely, so a few are enough. */
const PROFILES_KEPT = 8;

/**
 * Reads the configured target's schema into its profile. A profile depends only on the target
 * settings and on the content types' schemas, which cannot change while Strapi runs (the Content-Type
 * Builder restarts it): so each process keeps the profiles of the settings it saw, keyed by those
 * settings (an edit on any instance gives a new key), frozen because every request shares them.
 * Building one took 0.6 to 1 ms of each publish (issue #30).
 */
const targetSchema = ({ strapi }: { strapi: Core.Strapi }) => {
  const profiles = new Map<string, PublishTarget>();
  return {
    profile(config: EffectiveConfig): PublishTarget {
      const settings = {
        targetContentType: config.targetContentType,
        fields: config.fields,
        bodyFormat: config.bodyFormat,
        categoryFields: config.categoryFields,
        defaults: config.defaults,
        categoryDefaults: config.categoryDefaults,
        // Every article has an author: the setting, else the site's name (as ping shows it).
        authorName: config.authorName || config.siteName || String(strapi.config.get('info.name', 'Strapi')),
        authorEntry: config.authorEntry,
      };
      const key = JSON.stringify(settings);
      const kept = profiles.get(key);
      if (kept) return kept;
      const profile = deepFreeze(buildPublishTarget(settings, schemaCatalog(strapi)));
      if (profiles.size >= PROFILES_KEPT) profiles.delete(profiles.keys().next().value as string);
      profiles.set(key, profile);
      return profile;
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
        check: {
          fatal,
          degraded,
          ...(suggestedDefaults ? { suggestedDefaults } : {}),
          roles: roleUses(target, {
            fields: config.fields,
            categoryFields: config.categoryFields,
            categoryContentType: config.categoryContentType,
          }),
        },
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
  };
};

export type TargetSchemaService = ReturnType<typeof targetSchema>;
export default targetSchema;
