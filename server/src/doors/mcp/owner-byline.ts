import type { Core } from '@strapi/strapi';
import { bylineOf } from '../../../../core/src/target-profile/byline';
import { getService } from '../../common/get-service';
import type { McpHandlerContext } from '../../strapi/mcp-server';

/**
 * The admin token's owner as the article's author (a required author-like field's value): their
 * name as the admin shows it, never their e-mail address. Strapi's context names only the owner's id.
 */
export async function ownerByline(
  strapi: Core.Strapi,
  context: McpHandlerContext
): Promise<string | undefined> {
  const owner = await getService(strapi, 'application-passwords').adminUser(Number(context.user.id));
  return bylineOf(owner?.name);
}
