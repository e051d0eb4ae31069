/** The lock of a slug's post in a type: a publish of it, and an unpublish or delete of it, take it. */
export const slugLockName = (uid: string, slug: string) => `post:${uid}:${slug}`;

/** The lock of a post that has no slug, by its document: what a slug's lock is to a post that has one. */
export const documentLockName = (uid: string, documentId: string) => `post-document:${uid}:${documentId}`;
