import type { Core } from '@strapi/strapi';
import { requiredEditorActions, type EditorAction } from '../../../../core/src/app-content-types';

/** The Content Manager actions the plugin asks about (its checker's shortcuts for each). */
export type ContentManagerAction = EditorAction | 'read' | 'delete';
const CONTENT_MANAGER_ACTIONS: ContentManagerAction[] = ['create', 'read', 'update', 'delete', 'publish'];

/** The Content Manager's permission checker for one content type, as far as this service asks it. */
interface ContentManagerChecker {
  /** Without an entity: whether any rule allows the action; with one, its conditions judged on it. */
  can: Record<ContentManagerAction, (entity?: object) => boolean>;
  /** A query with the action's permission filters added (the fields the rules' conditions read). */
  sanitizedQuery: Record<ContentManagerAction, (query: object) => Promise<{ filters?: unknown }>>;
}

/** The Content Manager's populate builder: what to populate of an entry for a query. */
type PopulateBuilder = (uid: string) => {
  populateFromQuery(query: object): { build(): Promise<Record<string, unknown> | undefined> };
};

/** The part of a CASL ability the Media Library's upload check uses. */
interface Ability {
  can(action: string, subject?: string): boolean;
}

/** The Media Library's own upload action and subject, as its admin upload controller checks them. */
export const UPLOAD_ACTION = 'plugin::upload.assets.create';
const FILE_UID = 'plugin::upload.file';

interface PermissionCheckerService {
  create(params: { userAbility: unknown; model: string }): ContentManagerChecker;
}

interface ContentTypeModel {
  options?: { draftAndPublish?: boolean };
}

/**
 * What an admin may do with a content type in the Content Manager, asked of the Content Manager's own
 * permission checker (the one its edit view uses, action aliases included). `ability` is the admin's
 * CASL ability, which Strapi's admin authentication puts on `ctx.state.userAbility`.
 */
const contentRights = ({ strapi }: { strapi: Core.Strapi }) => {
  const checkerFor = (ability: unknown, uid: string) =>
    (strapi.plugin('content-manager').service('permission-checker') as PermissionCheckerService).create({
      userAbility: ability,
      model: uid,
    });
  const hasDraftAndPublish = (uid: string) => {
    const model = (strapi.contentTypes as unknown as Record<string, ContentTypeModel | undefined>)[uid];
    return model?.options?.draftAndPublish === true;
  };

  return {
    /** The actions the plugin performs on `uid` with each article (create, update, publish) that `ability` lacks. */
    missingForArticles(ability: unknown, uid: string): EditorAction[] {
      const required = requiredEditorActions(hasDraftAndPublish(uid));
      if (!ability) return required;
      const checker = checkerFor(ability, uid);
      return required.filter((action) => !checker.can[action]());
    },

    /** Each Content Manager action `ability` may take on any entry of `uid` (conditions are not judged per entry). */
    allowedOn(ability: unknown, uid: string): Record<ContentManagerAction, boolean> {
      // A type the site does not have (a stale setting) allows nothing; its checker is not built.
      if (!(strapi.contentTypes as Record<string, unknown>)[uid]) {
        return Object.fromEntries(CONTENT_MANAGER_ACTIONS.map((action) => [action, false])) as Record<
          ContentManagerAction,
          boolean
        >;
      }
      const checker = checkerFor(ability, uid);
      return Object.fromEntries(
        CONTENT_MANAGER_ACTIONS.map((action) => [action, checker.can[action]()])
      ) as Record<ContentManagerAction, boolean>;
    },

    /**
     * What to populate of an entry of `uid` to judge `actions` on it: the relations the conditions of
     * `ability`'s rules read (`createdBy` for "is creator"), as the Content Manager's own update and
     * publish load the entry before asking its checker.
     */
    async populateForConditions(
      ability: unknown,
      uid: string,
      actions: readonly EditorAction[]
    ): Promise<Record<string, unknown>> {
      const checker = checkerFor(ability, uid);
      const queries = await Promise.all(actions.map((action) => checker.sanitizedQuery[action]({})));
      const filters = queries.map((query) => query.filters).filter((filter) => filter !== undefined);
      if (!filters.length) return {};
      const builder = strapi.plugin('content-manager').service('populate-builder') as PopulateBuilder;
      return (
        (await builder(uid)
          .populateFromQuery({ filters: { $and: filters } })
          .build()) ?? {}
      );
    },

    /**
     * Whether `ability` may take `action` on `entry` of `uid`, the rules' conditions judged on it
     * (the Content Manager's checker, as its edit view asks it); without an entry, on a new one.
     */
    mayOnEntry(ability: unknown, uid: string, action: EditorAction, entry?: object): boolean {
      return checkerFor(ability, uid).can[action](entry);
    },

    /** Whether `ability` may upload to the Media Library. */
    mayUpload(ability: unknown): boolean {
      return (ability as Ability).can(UPLOAD_ACTION, FILE_UID);
    },

    /** Whether `uid` has Draft & Publish (without it, every save is live). */
    hasDraftAndPublish,

    /**
     * The CASL ability of an admin user as it is now (roles and permissions read again), or null when
     * the admin no longer exists or was deactivated or blocked. Strapi's admin authentication builds it so.
     */
    async abilityOf(adminId: number): Promise<unknown> {
      const admin = (await strapi.db.query('admin::user').findOne({
        where: { id: adminId },
        populate: ['roles'],
      })) as { isActive?: boolean; blocked?: boolean | null } | null;
      if (!admin || admin.isActive !== true || admin.blocked) return null;
      const permissions = strapi.service('admin::permission') as unknown as {
        engine: { generateUserAbility(user: unknown): Promise<unknown> };
      };
      return permissions.engine.generateUserAbility(admin);
    },
  };
};

export type ContentRightsService = ReturnType<typeof contentRights>;
export default contentRights;
