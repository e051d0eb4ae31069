import type { Context } from 'koa';

/** Strapi's body parser for a request whose body is read only after authentication (the WordPress API). */
const DEFERRED_BODY_PARSER = Symbol('article-publisher deferred body parser');

type StateWithParser = Record<symbol, unknown>;

/** Set by the scoped body parser instead of parsing at once. */
export function deferBodyParser(ctx: Context, parse: () => Promise<void>): void {
  (ctx.state as StateWithParser)[DEFERRED_BODY_PARSER] = parse;
}

/** Runs Strapi's body parser (multipart included, with the app's config) now, once the caller is known. */
export async function runDeferredBodyParser(ctx: Context): Promise<void> {
  const parse = (ctx.state as StateWithParser)[DEFERRED_BODY_PARSER];
  if (typeof parse !== 'function')
    throw new Error('the WordPress API route runs without the scoped body parser');
  await (parse as () => Promise<void>)();
}
