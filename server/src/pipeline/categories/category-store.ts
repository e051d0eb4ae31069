import type { Core } from '@strapi/strapi';
import { localeParams } from '../../../../core/src/locale';
import type { RelatedType } from '../../../../core/src/target-profile/profile';
import { documentsOf } from '../../strapi/documents';
import { lookUp } from '../../strapi/plain-lookups';
import type { PostData } from '../posts/posts';
import type { CategoryRow } from '../publish/types';

export type { CategoryRow };

/** A category found by name or slug, with where it sits. */
export interface CategoryMatch extends CategoryRow {
  hasParent: boolean;
  parentDocumentId: string | null;
}

/** A type whose entries are found and created by name: categories (with a parent) and tags. */
export type NamedType = RelatedType & { parent?: string | null };

/**
 * Reads and writes of the category (and tag) types' entries: writes through Strapi's Document Service,
 * the plain lookups by name or slug through server/src/strapi/plain-lookups.ts. On a localized type
 * each one is scoped to the article's locale (`locale`): found and created there only.
 */
const categoryStore = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = (uid: string) => documentsOf(strapi, uid);
  const published = (type: NamedType, locale: string | undefined) => ({
    ...(type.draftAndPublish ? { status: 'published' } : {}),
    ...localeParams(type, locale),
  });
  const nameFields = (type: NamedType) => (type.name ? [type.name.field] : []);
  const nameOf = (type: NamedType, row: Record<string, unknown>) =>
    type.name ? String(row[type.name.field] ?? '') : '';
  const rowOf = (type: NamedType, row: Record<string, unknown>): CategoryRow => ({
    id: row.id as number,
    documentId: row.documentId as string,
    name: nameOf(type, row),
  });

  /** The published entries (as links point to them) that `filters` names, with their name and parent. */
  async function findMatches(
    type: NamedType,
    filters: Record<string, unknown>,
    locale: string | undefined
  ): Promise<CategoryMatch[]> {
    const rows = await lookUp(strapi, type, {
      filters,
      status: 'published',
      locale,
      fields: nameFields(type),
      ...(type.parent ? { relation: type.parent } : {}),
    });
    return rows.map((row) => {
      const parent = type.parent
        ? (row[type.parent] as { documentId?: string } | null | undefined)
        : undefined;
      return {
        id: row.id,
        documentId: row.documentId,
        name: nameOf(type, row),
        hasParent: Boolean(parent),
        parentDocumentId: parent?.documentId ?? null,
      };
    });
  }

  return {
    async findCategoriesByIds(
      type: NamedType,
      ids: number[],
      locale: string | undefined
    ): Promise<CategoryRow[]> {
      const rows = await documents(type.uid).findMany({
        filters: { id: { $in: ids } },
        ...published(type, locale),
      });
      return rows.map((row) => rowOf(type, row));
    },

    /** Entries named `name` (case-insensitive); with `parentDocumentId`, only its children. */
    async findCategoriesByName(
      type: NamedType,
      name: string,
      locale: string | undefined,
      parentDocumentId?: string
    ): Promise<CategoryMatch[]> {
      if (!type.name) return [];
      const parentFilter =
        parentDocumentId && type.parent ? { [type.parent]: { documentId: parentDocumentId } } : {};
      return findMatches(type, { [type.name.field]: { $eqi: name }, ...parentFilter }, locale);
    },

    /**
     * Entries named `name` (case-insensitive), without where they sit: one query, where
     * `findCategoriesByName` on a type with a parent relation reads the parents too.
     */
    async findCategoryRowsByName(
      type: NamedType,
      name: string,
      locale: string | undefined
    ): Promise<CategoryRow[]> {
      if (!type.name) return [];
      const rows = await lookUp(strapi, type, {
        filters: { [type.name.field]: { $eqi: name } },
        status: 'published',
        locale,
        fields: nameFields(type),
      });
      return rows.map((row) => rowOf(type, row));
    },

    /** Entries whose slug is `slug` (none when the type has no slug field). */
    async findCategoriesBySlug(
      type: NamedType,
      slug: string,
      locale: string | undefined
    ): Promise<CategoryMatch[]> {
      if (!type.slug) return [];
      return findMatches(type, { [type.slug.field]: slug }, locale);
    },

    /** The slug of the entry `documentId` (none when the type has no slug field or no such entry). */
    async findSlugOf(
      type: NamedType,
      documentId: string,
      locale: string | undefined
    ): Promise<string | undefined> {
      if (!type.slug) return undefined;
      const row = await documents(type.uid).findFirst({
        filters: { documentId },
        fields: [type.slug.field],
        ...published(type, locale),
      });
      const slug = row?.[type.slug.field];
      return typeof slug === 'string' && slug ? slug : undefined;
    },

    /** Creates an entry with the given values (name and required fields already fitted), its slug and parent. */
    async createCategory(
      type: NamedType,
      values: PostData,
      fields: { name: string; slug: string; parentDocumentId?: string },
      locale: string | undefined
    ): Promise<CategoryRow> {
      const data: PostData = { ...values };
      if (type.slug) data[type.slug.field] = fields.slug;
      if (type.parent && fields.parentDocumentId) data[type.parent] = fields.parentDocumentId;
      const created = await documents(type.uid).create({ data, ...published(type, locale) });
      return { id: created.id, documentId: created.documentId, name: fields.name };
    },
  };
};

export type CategoryStoreService = ReturnType<typeof categoryStore>;
export default categoryStore;
