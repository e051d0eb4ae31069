import type { Core } from '@strapi/strapi';
import { documentsOf } from '../utils/documents';
import type { PostData } from './posts';
import type { TargetDescription } from './target-schema';

export interface CategoryRow {
  id: number;
  documentId: string;
  name: string;
}

/** A category found by name or slug, with where it sits. */
export interface CategoryMatch extends CategoryRow {
  hasParent: boolean;
  parentDocumentId: string | null;
}

/** Reads and writes of the category type's entries, through Strapi's Document Service. */
const categoryStore = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = (uid: string) => documentsOf(strapi, uid);

  async function findCategoryMatches(category: NonNullable<TargetDescription['category']>, filters: object): Promise<CategoryMatch[]> {
    const rows = await documents(category.uid).findMany({
      filters,
      ...(category.parent ? { populate: { [category.parent]: { fields: ['id'] } } } : {}),
      sort: 'id:asc',
      ...(category.draftAndPublish ? { status: 'published' } : {}),
    });
    return rows.map((row) => {
      const parent = category.parent ? (row[category.parent] as { documentId?: string } | null | undefined) : undefined;
      return {
        id: row.id,
        documentId: row.documentId,
        name: String(row[category.name] ?? ''),
        hasParent: Boolean(parent),
        parentDocumentId: parent?.documentId ?? null,
      };
    });
  }


  return {
    async findCategoriesByIds(category: NonNullable<TargetDescription['category']>, ids: number[]): Promise<CategoryRow[]> {
      const rows = await documents(category.uid).findMany({
        filters: { id: { $in: ids } },
        fields: ['id', category.name],
        ...(category.draftAndPublish ? { status: 'published' } : {}),
      });
      return rows.map((row) => ({ id: row.id, documentId: row.documentId, name: String(row[category.name] ?? '') }));
    },

    /** Categories named `name` (case-insensitive); with `parentDocumentId`, only its children. */
    async findCategoriesByName(
      category: NonNullable<TargetDescription['category']>,
      name: string,
      parentDocumentId?: string
    ): Promise<CategoryMatch[]> {
      const parentFilter = parentDocumentId && category.parent ? { [category.parent]: { documentId: parentDocumentId } } : {};
      return findCategoryMatches(category, { [category.name]: { $eqi: name }, ...parentFilter });
    },

    /** Categories whose slug is `slug` (none when the type has no slug field). */
    async findCategoriesBySlug(category: NonNullable<TargetDescription['category']>, slug: string): Promise<CategoryMatch[]> {
      if (!category.slug) return [];
      return findCategoryMatches(category, { [category.slug]: slug });
    },

    async createCategory(
      category: NonNullable<TargetDescription['category']>,
      fields: { name: string; slug: string; parentDocumentId?: string }
    ): Promise<CategoryRow> {
      const data: PostData = { [category.name]: fields.name };
      if (category.slug) data[category.slug] = fields.slug;
      if (category.parent && fields.parentDocumentId) data[category.parent] = fields.parentDocumentId;
      const created = await documents(category.uid).create({ data, ...(category.draftAndPublish ? { status: 'published' } : {}) });
      return { id: created.id, documentId: created.documentId, name: fields.name };
    },

  };
};

export type CategoryStoreService = ReturnType<typeof categoryStore>;
export default categoryStore;
