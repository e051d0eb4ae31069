import type { ZoneComponent } from '../../../../core/src/body/zone-layout';
import type { Attributes, SchemaCatalog } from '../../../../core/src/target-profile/schema';

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown) => (isEntry(value) && typeof value.id === 'number' ? value.id : undefined);

/**
 * One populated component as a write takes it: no ids (Strapi creates it anew, with the same values),
 * media as file ids, relations as documentIds, nested components the same way.
 */
function resendable(entry: Entry, attributes: Attributes | undefined, catalog: SchemaCatalog): Entry {
  const data: Entry = {};
  for (const [name, value] of Object.entries(entry)) {
    if (name === 'id' || name === 'documentId') continue;
    const attribute = attributes?.[name];
    if (attribute?.type === 'media') {
      data[name] = Array.isArray(value)
        ? value.map(idOf).filter((id) => id !== undefined)
        : (idOf(value) ?? null);
    } else if (attribute?.type === 'relation') {
      const documentIds = (Array.isArray(value) ? value : [value]).map((item) =>
        isEntry(item) ? item.documentId : undefined
      );
      data[name] = { set: documentIds.filter((id): id is string => typeof id === 'string') };
    } else if (attribute?.type === 'component' && attribute.component) {
      const nested = catalog.component(attribute.component)?.attributes;
      data[name] = Array.isArray(value)
        ? value.filter(isEntry).map((item) => resendable(item, nested, catalog))
        : isEntry(value)
          ? resendable(value, nested, catalog)
          : null;
    } else {
      data[name] = value;
    }
  }
  return data;
}

/** A dynamic zone as Strapi's REST/document reads return it (populated), as a write takes it back. */
export function toResendableComponents(zone: unknown, catalog: SchemaCatalog): ZoneComponent[] {
  if (!Array.isArray(zone)) return [];
  return zone
    .filter(
      (entry): entry is Entry & { __component: string } =>
        isEntry(entry) && typeof entry.__component === 'string'
    )
    .map((entry) => ({
      ...resendable(entry, catalog.component(entry.__component)?.attributes, catalog),
      __component: entry.__component,
    }));
}
