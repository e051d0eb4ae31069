import { PLUGIN_ID } from './plugin-id';

/** The plugin's own content types and tables, and the upload plugin's file type it reads: named once. */
export const DELIVERY_UID = `plugin::${PLUGIN_ID}.delivery` as const;
export const MEDIA_SOURCE_UID = `plugin::${PLUGIN_ID}.media-source` as const;
export const UPLOAD_JOURNAL_UID = `plugin::${PLUGIN_ID}.upload-journal` as const;
export const SCHEDULE_UID = `plugin::${PLUGIN_ID}.schedule` as const;
export const APPLICATION_PASSWORD_UID = `plugin::${PLUGIN_ID}.application-password` as const;
/** Custom webhook endpoints created in the admin (issue #42). */
export const HOOK_ENDPOINT_UID = `plugin::${PLUGIN_ID}.hook-endpoint` as const;
export const AUTH_FAILURE_UID = `plugin::${PLUGIN_ID}.auth-failure` as const;
/** Custom webhook deliveries waiting for, or done with, their import (the durable queue). */
export const HOOK_DELIVERY_UID = `plugin::${PLUGIN_ID}.hook-delivery` as const;
export const REFUSAL_UID = `plugin::${PLUGIN_ID}.refusal` as const;
/** WordPress terms the plugin keeps for a target without that taxonomy's relation, and their posts. */
export const WORDPRESS_TERM_UID = `plugin::${PLUGIN_ID}.wordpress-term` as const;
export const WORDPRESS_TERM_LINK_UID = `plugin::${PLUGIN_ID}.wordpress-term-link` as const;
export const UPLOAD_FILE_UID = 'plugin::upload.file' as const;

/** The named-lock table lives outside Strapi's content types: it needs a real primary-key constraint. */
export const LOCK_TABLE = 'article_publisher_locks';
