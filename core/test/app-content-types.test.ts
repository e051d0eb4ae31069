import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  appCollectionTypeProblem,
  contentTypeKindProblems,
  contentTypeUidProblem,
  missingRightsMessage,
  requiredEditorActions,
} from '../src/app-content-types';
import { assertValidConfig, DEFAULT_CONFIG, sameTargetSettings, settingsSchema } from '../src/config';
import { buildPublishTarget } from '../src/publish-target';
import { detectTargetProfile } from '../src/target-profile/detect';
import { bodyByName, catalogOf, contentTypeSchema, targetSettings } from './helpers/target-shapes';

/** users-permissions' Role and Permission, shaped as Strapi defines them. */
const role = contentTypeSchema('plugin::users-permissions.role', {
  name: { type: 'string', required: true },
  type: { type: 'string' },
  permissions: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.permission' },
});
const permission = contentTypeSchema('plugin::users-permissions.permission', {
  action: { type: 'string', required: true },
});
const homepage = contentTypeSchema(
  'api::homepage.homepage',
  { title: { type: 'string' }, content: { type: 'richtext' } },
  { kind: 'singleType' }
);
/** An app type that relates to Strapi's own types under names detection looks for. */
const article = contentTypeSchema('api::article.article', {
  title: { type: 'string' },
  content: { type: 'richtext' },
  categories: { type: 'relation', relation: 'manyToMany', target: 'plugin::users-permissions.role' },
  tags: { type: 'relation', relation: 'manyToMany', target: 'plugin::upload.file' },
  author: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user' },
});
const user = contentTypeSchema('plugin::users-permissions.user', { username: { type: 'string' } });
const file = contentTypeSchema('plugin::upload.file', { name: { type: 'string' } });
const catalog = catalogOf([role, permission, homepage, article, user, file]);

describe("content types the plugin may write into: the app's own collection types", () => {
  it("accepts api:: UIDs and refuses Strapi's and plugins' types by name", () => {
    assert.equal(contentTypeUidProblem('api::article.article'), undefined);
    for (const uid of ['plugin::users-permissions.role', 'admin::user', 'plugin::upload.file']) {
      assert.match(contentTypeUidProblem(uid) ?? '', /app's own collection types/, uid);
      assert.ok(contentTypeUidProblem(uid)?.includes(`"${uid}"`), uid);
    }
    assert.match(contentTypeUidProblem('article') ?? '', /content type UID/);
  });

  it('refuses a single type of the app', () => {
    assert.match(appCollectionTypeProblem('api::homepage.homepage', 'singleType') ?? '', /single type/);
    assert.equal(appCollectionTypeProblem('api::article.article', 'collectionType'), undefined);
  });

  it('names each content-type setting that is not a collection type, and passes unknown types to the target check', () => {
    const kinds: Record<string, string> = { 'api::homepage.homepage': 'singleType' };
    assert.deepEqual(
      contentTypeKindProblems(
        { targetContentType: 'api::homepage.homepage', categoryContentType: 'api::homepage.homepage' },
        (uid) => kinds[uid]
      ).map(({ path }) => path),
      ['targetContentType', 'categoryContentType']
    );
    assert.deepEqual(
      contentTypeKindProblems(
        { targetContentType: 'api::nope.nope', categoryContentType: '' },
        () => undefined
      ),
      []
    );
  });

  it('the config schema and the settings schema refuse the role-rewrite target and category type', () => {
    assert.throws(
      () =>
        assertValidConfig({
          ...DEFAULT_CONFIG,
          targetContentType: 'plugin::users-permissions.role',
          categoryContentType: 'plugin::users-permissions.permission',
        }),
      (error: Error) =>
        /"targetContentType" must be one of the app's own collection types/.test(error.message) &&
        /"categoryContentType" must be one of the app's own collection types/.test(error.message)
    );
    const parsed = settingsSchema.safeParse({ targetContentType: 'admin::user' });
    assert.equal(parsed.success, false);
    assert.deepEqual(parsed.error?.issues[0].path, ['targetContentType']);
  });

  it('a publish target of a stored plugin:: or single type is fatal, before its schema is read', () => {
    const read: string[] = [];
    const spying = { ...catalog, contentType: (uid: string) => (read.push(uid), catalog.contentType(uid)) };
    const roleTarget = buildPublishTarget(
      targetSettings({
        targetContentType: 'plugin::users-permissions.role',
        fields: { title: 'name', slug: 'type' },
      }),
      spying
    );
    assert.equal(roleTarget.problems.fatal.length, 1);
    assert.match(roleTarget.problems.fatal[0], /plugin::users-permissions\.role/);
    assert.match(roleTarget.problems.fatal[0], /app's own collection types/);
    assert.deepEqual(read, [], "Strapi's own schema is not even read");
    assert.equal(roleTarget.title, null);
    const single = buildPublishTarget(
      targetSettings({ targetContentType: 'api::homepage.homepage' }),
      catalog
    );
    assert.match(single.problems.fatal.join(' '), /single type/);
  });

  it("never takes a relation to Strapi's own types for categories or tags, detected or named; the author (only linked) may", () => {
    const detected = detectTargetProfile(article, catalog, { detectBody: bodyByName });
    assert.equal(detected.categories, null);
    assert.equal(detected.tags, null);
    assert.equal(detected.author?.type.uid, 'plugin::users-permissions.user');

    const named = detectTargetProfile(article, catalog, {
      detectBody: bodyByName,
      fields: { categories: 'categories', tags: 'tags' },
    });
    assert.equal(named.categories, null);
    assert.equal(named.tags, null);
    const problems = named.problems.degraded.join(' ');
    assert.match(
      problems,
      /fields\.categories names "categories", which relates to "plugin::users-permissions\.role"/
    );
    assert.match(problems, /fields\.tags names "tags", which relates to "plugin::upload\.file"/);
  });

  it('saving a target needs create, update and publish (publish only with draft and publish), named when missing', () => {
    assert.deepEqual(requiredEditorActions(true), ['create', 'update', 'publish']);
    assert.deepEqual(requiredEditorActions(false), ['create', 'update']);
    assert.match(
      missingRightsMessage('api::article.article', ['create', 'update', 'publish']),
      /create, update and publish/
    );
    assert.doesNotMatch(missingRightsMessage('api::article.article', ['publish']), /create|update/);
  });

  it('a change of target is any change of the target settings, the category type unset or empty alike', () => {
    assert.ok(
      sameTargetSettings(DEFAULT_CONFIG, {
        ...DEFAULT_CONFIG,
        siteName: 'Other',
        categoryContentType: undefined,
      })
    );
    assert.ok(
      !sameTargetSettings(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, targetContentType: 'api::guide.guide' })
    );
    assert.ok(!sameTargetSettings(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, fields: { categories: '' } }));
  });
});
