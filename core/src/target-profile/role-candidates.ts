import type { OverridableRole } from './field-overrides';
import { acceptsForRole, STRAPI_OWN } from './mappable-fields';
import { looksLikeCode } from './required-fields';
import type { RoleChoice } from './role-choices';
import type { AttributeSchema, ContentTypeSchema, SchemaCatalog } from './schema';

/**
 * Issue #61: for each role given a field by what it holds (a choice) and each role several fields
 * could take while none was chosen, every field the owner may name in `fields.<role>`, the chosen
 * one first. Ping, the dry run and the admin's target check answer them, so an owner confirms a
 * choice or picks another without reading the schema.
 */
export type RoleCandidates = Partial<Record<OverridableRole, string[]>>;

/** The title takes a plain string or text (never a code or a patterned string); other roles as `fields` checks them. */
function accepts(role: OverridableRole, attribute: AttributeSchema, field: string, catalog: SchemaCatalog) {
  if (role === 'title')
    return (
      ['string', 'text'].includes(attribute.type) && attribute.regex === undefined && !looksLikeCode(field)
    );
  return acceptsForRole(role)?.(attribute, field, catalog) ?? false;
}

/**
 * `used` holds every field a role, a fill or a `defaults` constant writes; `undecided` the roles
 * whose candidates detection found without choosing one (several long texts for the summary).
 */
export function roleCandidates(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  choices: readonly RoleChoice[],
  used: ReadonlySet<string>,
  undecided: RoleCandidates
): RoleCandidates {
  const candidates: RoleCandidates = { ...undecided };
  for (const { role, field: chosen } of choices) {
    const others = Object.entries(schema.attributes)
      .filter(
        ([field, attribute]) =>
          field !== chosen &&
          !used.has(field) &&
          !STRAPI_OWN.has(field) &&
          attribute.target !== schema.uid &&
          accepts(role, attribute, field, catalog)
      )
      .map(([field]) => field);
    candidates[role] = [chosen, ...others];
  }
  return candidates;
}
