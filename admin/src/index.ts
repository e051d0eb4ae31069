import { PERMISSIONS } from './permissions';
import { PLUGIN_ID } from './pluginId';
import { getTranslation } from './utils/getTranslation';

interface TranslationModule {
  default: Record<string, string>;
}

// The admin app object has no exported type for plugins built outside the monorepo.
type StrapiAdminApp = {
  registerPlugin: (plugin: { id: string; name: string }) => void;
  addSettingsLink: (section: object, links: object[]) => void;
};

export default {
  register(app: StrapiAdminApp) {
    app.registerPlugin({ id: PLUGIN_ID, name: PLUGIN_ID });
    app.addSettingsLink(
      {
        id: PLUGIN_ID,
        intlLabel: { id: getTranslation('settings.section'), defaultMessage: 'Article Publisher' },
      },
      [
        {
          id: `${PLUGIN_ID}-connection`,
          to: `${PLUGIN_ID}`,
          intlLabel: { id: getTranslation('settings.link'), defaultMessage: 'Connection and settings' },
          permissions: PERMISSIONS.readSettings,
          Component: () => import('./pages/SettingsPage'),
        },
        {
          id: `${PLUGIN_ID}-hooks`,
          // A sibling path too (see Activity below).
          to: `${PLUGIN_ID}-hooks`,
          intlLabel: { id: getTranslation('hooks.link'), defaultMessage: 'Webhook endpoints' },
          permissions: PERMISSIONS.readSettings,
          Component: () => import('./pages/HookEndpointsPage'),
        },
        {
          id: `${PLUGIN_ID}-activity`,
          // A sibling path, not a sub-path: the settings menu marks a link active for every path below it.
          to: `${PLUGIN_ID}-activity`,
          intlLabel: { id: getTranslation('activity.link'), defaultMessage: 'Activity' },
          permissions: PERMISSIONS.readActivity,
          Component: () => import('./pages/ActivityPage'),
        },
      ]
    );
  },

  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        try {
          const { default: data } = (await import(`./translations/${locale}.json`)) as TranslationModule;
          const prefixed = Object.fromEntries(
            Object.entries(data).map(([key, value]) => [getTranslation(key), value])
          );
          return { data: prefixed, locale };
        } catch {
          // A missing locale file falls back to the default messages.
          return { data: {}, locale };
        }
      })
    );
  },
};
