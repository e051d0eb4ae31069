import type { Core } from '@strapi/strapi';
import { documentsOf } from '../../strapi/documents';

/** strapi-plugin-publisher's content type and the shape of its actions (v2: executeAt, mode, entityId, entitySlug). */
const ACTION_UID = 'plugin::publisher.action';
const PUBLISHER_PLUGIN = 'publisher';

export interface PublisherAction {
  documentId: string;
  executeAt: string | Date;
  mode: string;
  entityId: string;
  entitySlug: string;
}

/** The slice of its action service used here: its create and delete also add and remove the action's cron job. */
interface ActionService {
  create(params: { data: Omit<PublisherAction, 'documentId'> }): Promise<PublisherAction>;
  delete(documentId: string): Promise<unknown>;
}

/**
 * strapi-plugin-publisher (pluginpal), found at run time and never imported: when it is installed and
 * enabled, a schedule is one of its `publish` actions, so editors see and change it in its own UI and
 * its cron job publishes the entry (through the Document Service, so `entry.publish` fires).
 */
const publisherActions = ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => strapi.plugin(PUBLISHER_PLUGIN).service('action') as unknown as ActionService;

  return {
    /** Whether the plugin is loaded (installed and enabled) with the action type this adapter knows. */
    available(): boolean {
      return Boolean(strapi.plugin(PUBLISHER_PLUGIN)) && Boolean(strapi.contentTypes[ACTION_UID as never]);
    },

    /** Adds a publish action for the entry; answers its documentId. */
    async schedule(targetUid: string, documentId: string, at: Date): Promise<string> {
      const action = await service().create({
        data: { executeAt: at.toISOString(), mode: 'publish', entityId: documentId, entitySlug: targetUid },
      });
      return action.documentId;
    },

    /** Removes an action (and its cron job); one already run or removed is fine. */
    async remove(actionDocumentId: string): Promise<void> {
      if (await this.find(actionDocumentId)) await service().delete(actionDocumentId);
    },

    async find(actionDocumentId: string): Promise<PublisherAction | null> {
      const row = await documentsOf(strapi, ACTION_UID).findFirst({
        filters: { documentId: actionDocumentId },
      });
      return row as unknown as PublisherAction | null;
    },
  };
};

export type PublisherActionsService = ReturnType<typeof publisherActions>;
export default publisherActions;
