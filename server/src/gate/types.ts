import type { ArticleFields } from '../../../core/src/article';
import type { EffectiveConfig } from '../../../core/src/config';
import type { PostSelection } from '../pipeline/publish/plan';
import type { DeliveryOrigin } from '../pipeline/publish/types';

/** The doors onto the publish pipeline; each passes the same gate (docs/security.md, "One gate"). */
export type Door = 'service-api' | 'signed-webhook' | 'wordpress' | 'custom-webhook' | 'mcp';

/**
 * Who a request acts for, as its door authenticated it. A service (the service key, the webhook
 * secret, a custom endpoint's secret) is the site's own integration and writes any post of the target;
 * a person (an MCP admin token, an application password) writes only what their Strapi role lets them
 * write, judged on the entry the write lands on (conditions such as `admin::is-creator` included).
 */
export type Caller =
  | { kind: 'service' }
  | {
      kind: 'person';
      /** The admin's CASL ability when the door has it (MCP's token); else read for `adminId`. */
      ability?: unknown;
      adminId?: number;
    };

/** A request as a door hands it to the gate: authenticated, parsed from its own wire format. */
export interface GateRequest {
  door: Door;
  caller: Caller;
  fields: ArticleFields;
  origin: DeliveryOrigin;
  config: EffectiveConfig;
  /** Which post the write lands on (default: the post of the article's slug). */
  selection?: PostSelection;
  /** What the door itself noticed while parsing (a status it mapped, a reference it dropped). */
  warnings?: string[];
}
