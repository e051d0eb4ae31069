import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EditorAction } from '../src/app-content-types';
import {
  entryRefusal,
  EntryRightRefused,
  requiredEntryActions,
  type EntryFound,
} from '../src/gate/entry-rights';
import { entryWriteRefusal } from '../src/wordpress/capabilities';

const NEW: EntryFound = { kind: 'new' };
const DRAFT: EntryFound = { kind: 'existing', published: false };
const LIVE: EntryFound = { kind: 'existing', published: true };
const only =
  (...allowed: EditorAction[]) =>
  (action: EditorAction) =>
    allowed.includes(action);

describe('the gate: rights judged on the entry a write lands on', () => {
  it('a new entry needs create, an existing one update; publish when the write publishes (now or at its date)', () => {
    assert.deepEqual(requiredEntryActions(NEW, 'draft', true), ['create']);
    assert.deepEqual(requiredEntryActions(NEW, 'publish', true), ['create', 'publish']);
    assert.deepEqual(requiredEntryActions(NEW, 'future', true), ['create', 'publish']);
    assert.deepEqual(requiredEntryActions(DRAFT, 'pending', true), ['update']);
    assert.deepEqual(requiredEntryActions(DRAFT, 'publish', true), ['update', 'publish']);
  });

  it('a published entry needs publish even for a draft (the draft withdraws it)', () => {
    assert.deepEqual(requiredEntryActions(LIVE, 'draft', true), ['update', 'publish']);
  });

  it('without Draft & Publish every save is live: create or update only', () => {
    assert.deepEqual(requiredEntryActions(NEW, 'publish', false), ['create']);
    assert.deepEqual(requiredEntryActions(LIVE, 'draft', false), ['update']);
  });

  it('names the first action refused and the entry it was judged on', () => {
    assert.equal(entryRefusal(DRAFT, ['update', 'publish'], only('update', 'publish')), undefined);
    assert.deepEqual(entryRefusal(DRAFT, ['update', 'publish'], only('publish')), {
      action: 'update',
      entry: 'draft',
    });
    assert.deepEqual(entryRefusal(LIVE, ['update', 'publish'], only('update')), {
      action: 'publish',
      entry: 'published',
    });
    assert.deepEqual(entryRefusal(NEW, ['create'], only()), { action: 'create', entry: 'new' });
  });

  it('is the contract’s forbidden (403), naming the type and that nothing was written', () => {
    const error = new EntryRightRefused({ action: 'update', entry: 'draft' }, 'api::article.article');
    assert.equal(error.code, 'forbidden');
    assert.equal(error.status, 403);
    assert.match(error.message, /may not update this api::article\.article entry/);
    assert.match(error.message, /nothing was written/);
  });

  it('answers on the WordPress door with WordPress’s own codes and wording', () => {
    const edit = entryWriteRefusal({ action: 'update', entry: 'draft' });
    assert.deepEqual(edit.toBody(), {
      code: 'rest_cannot_edit',
      message: 'Sorry, you are not allowed to edit this post.',
      data: { status: 403 },
    });
    // Editing a published post needs edit_published_posts: WordPress refuses the edit itself.
    assert.equal(entryWriteRefusal({ action: 'publish', entry: 'published' }).code, 'rest_cannot_edit');
    assert.equal(entryWriteRefusal({ action: 'publish', entry: 'draft' }).code, 'rest_cannot_publish');
    assert.equal(entryWriteRefusal({ action: 'create', entry: 'new' }).code, 'rest_cannot_create');
  });
});
