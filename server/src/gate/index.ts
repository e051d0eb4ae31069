import type { Core } from '@strapi/strapi';
import type { DryRunResponse } from '../../../core/src/dry-run';
import type { NormalizedArticle } from '../../../core/src/article';
import type { PublishResult } from '../../../core/src/publish-result';
import { checkBounds } from './bounds';
import { parseBody } from './parsing';
import { admitWriteRights } from './rights';
import type { GateRequest } from './types';
import type { Uses as ParsingUses } from './parsing';
import type { Uses as RightsUses } from './rights';
import type { Collaborators } from '../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = ParsingUses & RightsUses & Pick<Collaborators, 'publisher'>;

export type { Caller, Door, GateRequest } from './types';

/**
 * The one gate every door passes before the publish pipeline (issue #55). A door contributes only its
 * authentication, its parsing and its reply shape; the gate gives every door the same guarantees, in
 * this order: bounds (every array and length), the parsing budget (body conversion off the event loop,
 * nesting and size checked first), rights judged on the entry the write lands on, and then the
 * pipeline, which decides repeats and staleness under the post's lock (publish/repeat.ts) by one rule.
 * The repeat rule, one for every door with deliveries: core/src/repeat-rule.ts.
 */
const gate = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  /** Bounds and parsing: the article as the pipeline takes it, or a 400/413 naming what is over. */
  async function admit(request: GateRequest): Promise<NormalizedArticle> {
    checkBounds(request);
    const article = await parseBody(uses, request);
    if (request.warnings?.length) article.warnings.push(...request.warnings);
    return article;
  }

  return {
    admit,

    /** Through the gate, then the pipeline: a plain result each door shapes into its own reply. */
    async publish(request: GateRequest): Promise<PublishResult> {
      const article = await admit(request);
      const origin = await admitWriteRights({ strapi, uses }, request, article);
      return uses.publisher.publish(article, origin, request.config, request.selection);
    },

    /** The dry run: the same gate (a preview writes nothing, so it needs no write right). */
    async preview(request: GateRequest): Promise<DryRunResponse> {
      return uses.publisher.preview(await admit(request), request.config);
    },
  };
};

export type GateService = ReturnType<typeof gate>;
export default gate;
