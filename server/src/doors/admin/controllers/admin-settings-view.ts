import type { Core } from '@strapi/strapi';
import {
  DEFAULT_CONFIG,
  DEFAULT_VIDEO_EMBED_HOSTS,
  editableImageSettings,
  type EffectiveConfig,
  type PluginConfig,
} from '../../../../../core/src/config';
import type {
  ContentTypeSummary,
  EditableSettings,
  SettingsPageResponse,
  TargetCheck,
} from '../../../../../core/src/contracts';
import { getService } from '../../../common/get-service';
import type { TargetDescription } from '../../../common/services/target-schema';

/** The admin-editable slice of a config (what `settingsSchema` accepts), with lists filled in. */
export function editableSettings(config: PluginConfig): EditableSettings {
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    postUrlTemplate: config.postUrlTemplate,
    defaultStatus: config.defaultStatus,
    targetContentType: config.targetContentType,
    fields: { ...config.fields },
    categoryContentType: config.categoryContentType ?? '',
    bodyFormat: config.bodyFormat,
    categoryFields: { ...config.categoryFields },
    locale: config.locale,
    images: editableImageSettings(config.images),
    videoEmbedHosts: [...(config.videoEmbedHosts ?? DEFAULT_VIDEO_EMBED_HOSTS)],
    wordpressPaths: config.wordpressPaths,
  };
}

interface ContentTypeModel {
  kind?: string;
  info?: { displayName?: string };
  attributes: Record<string, { type: string } | undefined>;
}

/** The app's own collection types (api::), which are the only sensible targets and category types. */
export function contentTypeSummaries(strapi: Core.Strapi): ContentTypeSummary[] {
  return Object.entries(strapi.contentTypes as unknown as Record<string, ContentTypeModel>)
    .filter(([uid, model]) => uid.startsWith('api::') && model.kind === 'collectionType')
    .map(([uid, model]) => ({
      uid,
      displayName: model.info?.displayName ?? uid,
      attributes: Object.entries(model.attributes)
        .filter((entry): entry is [string, { type: string }] => entry[1] !== undefined)
        .map(([name, attribute]) => ({ name, type: attribute.type })),
    }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The target check the settings form shows, on load and after each edit alike: the verdict, each role's
 * field, the roles chosen by shape and the fields that could each take a role.
 */
export function targetCheckOf({ check, report }: Pick<TargetDescription, 'check' | 'report'>): TargetCheck {
  return {
    ...check,
    mapping: report.mapping,
    ...(report.choices ? { choices: report.choices } : {}),
    ...(report.candidates ? { candidates: report.candidates } : {}),
  };
}

/** Everything Settings > Article Publisher shows; never a secret (only statuses and hints). */
export async function settingsPage(strapi: Core.Strapi): Promise<SettingsPageResponse> {
  const siteInfo = getService(strapi, 'site-info');
  const config: EffectiveConfig = await getService(strapi, 'plugin-config').get();
  const description = getService(strapi, 'target-schema').describe(config);
  return {
    apiKey: await getService(strapi, 'api-key').status(),
    webhookSecret: await getService(strapi, 'webhook-secret').status(),
    siteName: config.siteName,
    siteUrl: siteInfo.siteUrl(config),
    cmsUrl: siteInfo.cmsUrl(),
    endpointPaths: siteInfo.endpointPaths(),
    settings: editableSettings(config),
    defaults: editableSettings(DEFAULT_CONFIG),
    serverUrl: String(strapi.config.get('server.absoluteUrl', '')).replace(/\/+$/, ''),
    target: targetCheckOf(description),
    targetMapping: description.report.mapping,
    contentTypes: contentTypeSummaries(strapi),
    locales: (await getService(strapi, 'site-locales').list()).locales,
  };
}
