import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  capabilitiesOf,
  FULL_RIGHTS,
  postWriteRefusal,
  roleOf,
  termCreateRefusal,
  uploadRefusal,
  type EditorRights,
} from '../src/wordpress/capabilities';

const rights = (posts: Partial<EditorRights['posts']>, extra: Partial<EditorRights> = {}): EditorRights => ({
  posts: { create: false, read: false, update: false, delete: false, publish: false, ...posts },
  draftAndPublish: true,
  upload: false,
  terms: { category: false, post_tag: false },
  ...extra,
});
const DRAFT_ONLY = rights({ create: true, read: true, update: true });

describe("WordPress capabilities from an admin's rights", () => {
  it('every right: an editor with every capability', () => {
    assert.equal(roleOf(FULL_RIGHTS), 'editor');
    assert.ok(Object.values(capabilitiesOf(FULL_RIGHTS)).every(Boolean));
  });

  it('create and update without publish: a contributor, who edits but neither publishes nor edits live posts', () => {
    const capabilities = capabilitiesOf(DRAFT_ONLY);
    assert.equal(roleOf(DRAFT_ONLY), 'contributor');
    assert.equal(capabilities.edit_posts, true);
    assert.equal(capabilities.publish_posts, false);
    assert.equal(capabilities.edit_published_posts, false);
    assert.equal(capabilities.upload_files, false);
    assert.equal(capabilities.manage_categories, false);
  });

  it('on a target without Draft & Publish, saving is publishing', () => {
    const capabilities = capabilitiesOf({ ...DRAFT_ONLY, draftAndPublish: false });
    assert.equal(capabilities.publish_posts, true);
  });

  it('no right: a subscriber who can only read', () => {
    const none = rights({});
    assert.equal(roleOf(none), 'subscriber');
    assert.deepEqual(
      Object.entries(capabilitiesOf(none)).filter(([, value]) => value),
      [['read', true]]
    );
  });

  it("refuses as WordPress does: create, publish, private, edit of a live post; a contributor's draft passes", () => {
    const code = (error: ReturnType<typeof postWriteRefusal>) => error && [error.code, error.status];
    assert.deepEqual(code(postWriteRefusal(rights({}), { kind: 'create' }, 'draft')), [
      'rest_cannot_create',
      403,
    ]);
    assert.equal(postWriteRefusal(DRAFT_ONLY, { kind: 'create' }, 'draft'), undefined);
    assert.equal(postWriteRefusal(DRAFT_ONLY, { kind: 'create' }, 'pending'), undefined);
    assert.equal(postWriteRefusal(DRAFT_ONLY, { kind: 'create' }, undefined), undefined);
    for (const status of ['publish', 'future', 'private'] as const) {
      const refusal = postWriteRefusal(DRAFT_ONLY, { kind: 'create' }, status);
      assert.deepEqual(code(refusal), ['rest_cannot_publish', 403], status);
    }
    assert.equal(
      postWriteRefusal(DRAFT_ONLY, { kind: 'create' }, 'publish')?.message,
      'Sorry, you are not allowed to publish posts in this post type.'
    );
    assert.equal(
      postWriteRefusal(DRAFT_ONLY, { kind: 'update', currentStatus: 'draft' }, undefined),
      undefined
    );
    for (const currentStatus of ['publish', 'future'] as const) {
      const refusal = postWriteRefusal(DRAFT_ONLY, { kind: 'update', currentStatus }, 'draft');
      assert.deepEqual(code(refusal), ['rest_cannot_edit', 403], currentStatus);
    }
    const createOnly = rights({ create: true, publish: true });
    assert.deepEqual(
      code(postWriteRefusal(createOnly, { kind: 'update', currentStatus: 'draft' }, 'draft')),
      ['rest_cannot_edit', 403]
    );
    assert.equal(
      postWriteRefusal(FULL_RIGHTS, { kind: 'update', currentStatus: 'publish' }, 'publish'),
      undefined
    );
  });

  it('refuses terms and uploads without the right, with WordPress wording', () => {
    assert.equal(termCreateRefusal(rights({}), 'post_tag')?.code, 'rest_cannot_create');
    assert.equal(termCreateRefusal(FULL_RIGHTS, 'category'), undefined);
    const upload = uploadRefusal(rights({}));
    assert.deepEqual(
      [upload?.code, upload?.status, upload?.message],
      ['rest_cannot_create', 403, 'Sorry, you are not allowed to upload media on this site.']
    );
    assert.equal(uploadRefusal(FULL_RIGHTS), undefined);
  });
});
