import type { Core } from '@strapi/strapi';
import { requiredEditorActions, type EditorAction } from '../../../core/src/app-content-types';

/** The Content Manager's permission checker for one content type, as far as this service asks it. */
interface ContentManagerChecker {
  can: Record<EditorAction, () => boolean>;
}

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
const contentRights = ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The actions the plugin performs on `uid` with each article (create, update, publish) that `ability` lacks. */
  missingForArticles(ability: unknown, uid: string): EditorAction[] {
    const model = (strapi.contentTypes as unknown as Record<string, ContentTypeModel | undefined>)[uid];
    const required = requiredEditorActions(model?.options?.draftAndPublish === true);
    if (!ability) return required;
    const checker = (
      strapi.plugin('content-manager').service('permission-checker') as PermissionCheckerService
    ).create({ userAbility: ability, model: uid });
    return required.filter((action) => !checker.can[action]());
  },
});

export type ContentRightsService = ReturnType<typeof contentRights>;
export default contentRights;
