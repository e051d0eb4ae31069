import type { Core } from '@strapi/strapi';
import type { CategoryName } from '../../../../core/src/target-profile/derive';
import type { CategoryType } from '../../../../core/src/target-profile/profile';
import type { Taxonomy } from '../../../../core/src/wordpress/term-json';

/**
 * The data the publish stages hand each other and the services they use. They live with the stages
 * (the lower layer) so that no stage imports a service's file for a type; the services import them.
 */

/** A WordPress post's links to plugin-kept terms of one taxonomy (`category` or `post_tag`), in order. */
export interface KeptTermLinks {
  taxonomy: Taxonomy;
  termIds: number[];
}

/**
 * Where a delivery came from; recorded in the ledger. `writtenBy`: the admin a person's door writes for
 * (an MCP token's owner, an application password's admin), set by the gate once their rights on the
 * entry passed (server/src/gate/rights.ts): the entry records them as its creator or last editor.
 */
export type DeliveryOrigin = DeliverySource & { writtenBy?: number };

type DeliverySource =
  | { source: 'api' }
  /** Strapi's MCP server (`/mcp`), an AI agent with an admin token (issue #43). */
  | { source: 'mcp' }
  /** WordPress's core REST API (`/wp-json/wp/v2/posts`), with an application password. */
  | {
      source: 'wordpress';
      /** The SEO plugins' keys the post keeps (`meta`), answered by the post's later reads. */
      meta: Record<string, string>;
      /** The excerpt sent (or kept from before), as text: answered back where the target has no summary field. */
      excerpt?: string;
      /**
       * The plugin-kept terms the post is linked to, per taxonomy sent that the target has no relation
       * for (each replaces that taxonomy's links): written in the post's own transaction.
       */
      keptTerms?: KeptTermLinks[];
    }
  | {
      source: 'webhook';
      articleId: number;
      websiteId: number | undefined;
      event: string;
      /** The payload's signed `timestamp`, when it has one (the repeat rule, core/src/repeat-rule.ts). */
      sentAt: Date | undefined;
      /** The SHA-256 of the body's exact bytes. */
      bodyHash: string;
    }
  /** A custom webhook endpoint (issue #42): idempotent on the service's article id (or the slug). */
  | {
      source: 'hook';
      endpointId: string;
      preset: string;
      /** The service's own article id; undefined when it sends none (the slug is the key). */
      externalId: string | undefined;
      event: string;
      /** The service's own time of the delivery, when it sends one (the repeat rule). */
      sentAt: Date | undefined;
      /** The SHA-256 of the body's exact bytes. */
      bodyHash: string;
      /** The owner ran the delivery again from the inspector asking to write it: no repeat rule. */
      writeAgain?: boolean;
    };

/** Strapi's Knex connection, or a transaction on it (a Knex.Transaction is one too). */
export type Connection = Core.Strapi['db']['connection'];

/** What a holder can do with its locks while it works (the `locks` service takes them). */
export interface HeldLocks {
  /**
   * Deletes the lock rows inside the holder's write transaction, so that they go with its commit (one
   * commit fewer per publish) and the next holder sees the write and the free lock at once. When the
   * transaction rolls back, the rows come back and are released as usual when the work ends.
   */
  releaseWithin(transaction: Connection): Promise<void>;
}

/** Locks a transaction took (locks.tryTakeWithin): committed with it unless given back within it. */
export interface LocksTakenWithin extends HeldLocks {
  /** Deletes the rows after a transaction committed them, when a later one of the same write failed. */
  release(): Promise<void>;
}

/** A category or tag entry, as the write links it. */
export interface CategoryRow {
  id: number;
  documentId: string;
  name: string;
}

/** What to assign, decided before any write: existing rows by id, or names to find or create. */
export type CategoryPlan =
  | { kind: 'none' }
  | { kind: 'existing'; rows: CategoryRow[] }
  | { kind: 'names'; type: CategoryType; names: CategoryName[]; locale: string | undefined };
