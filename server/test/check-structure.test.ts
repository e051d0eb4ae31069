/** The layout rules `npm run lint` checks (scripts/check-structure.js, issue #44). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain JS script, run by npm run lint
const { checkFiles } = require('../../scripts/check-structure.js') as {
  checkFiles: (files: { path: string; text: string }[], exists: (file: string) => boolean) => string[];
};

const check = (files: Record<string, string>) =>
  checkFiles(
    Object.entries(files).map(([path, text]) => ({ path, text })),
    (file) => file in files
  );

describe('scripts/check-structure.js', () => {
  it('reports a server file over 400 lines', () => {
    const long = 'const x = 1;\n'.repeat(401);
    assert.deepEqual(check({ 'server/src/services/long.ts': long }), [
      'server/src/services/long.ts: 401 lines (at most 400: split it by concern)',
    ]);
    assert.deepEqual(check({ 'server/src/services/short.ts': 'const x = 1;\n'.repeat(400) }), []);
  });

  it("keeps Strapi's internals under server/src/strapi/", () => {
    const internals = [
      'strapi.db.lifecycles.subscribe({});',
      'strapi.documents.use(async (context, next) => next());',
      "const provider = strapi.plugin('upload').provider;",
      'const where = { body: { $eq: BLOCKS_STAND_IN_JSON } };',
      'const paced = new PacedReads({ expectMs: 1, holdMs: 1 });',
      'await strapi.db\n  .query(target.uid as never)\n  .updateMany({ where, data });',
    ];
    for (const line of internals) {
      const problems = check({ 'server/src/services/posts.ts': line });
      assert.equal(problems.length, 1, `${line}: ${problems.join('; ')}`);
      assert.match(problems[0], /belongs in server\/src\/strapi\/ only/);
      assert.deepEqual(check({ 'server/src/strapi/posts.ts': line }), [], line);
    }
    // The plugin's own tables and Strapi's keep their Query Engine access; comments say anything.
    const own = [
      'strapi.db.query(UPLOAD_JOURNAL_UID).create({ data });',
      "strapi.db.query('admin::user').findOne({ where });",
      "strapi.db.query('plugin::upload.file').findMany({});",
      '// strapi.db.lifecycles is only used in server/src/strapi/',
    ];
    for (const line of own) assert.deepEqual(check({ 'server/src/services/x.ts': line }), [], line);
  });

  it('lets imports run down the stages, never back up', () => {
    const files = {
      'server/src/services/publisher.ts': "import { deliver } from '../publish/write';\n",
      'server/src/publish/write.ts': "import type { HeldLocks } from '../services/locks';\n",
      'server/src/services/locks.ts': "import { documentsOf } from '../strapi/documents';\n",
      'server/src/strapi/documents.ts': "import { getService } from '../utils/get-service';\n",
      'server/src/utils/get-service.ts': "import type { PluginServices } from '../services';\n",
      'server/src/services/index.ts': '',
    };
    assert.deepEqual(check(files), []);
    assert.deepEqual(
      check({ ...files, 'server/src/publish/write.ts': "import { locks } from '../services/locks';\n" }),
      [
        'server/src/publish/write.ts:1: imports server/src/services/locks.ts, back up from stage "pipeline (publish/)" to "services"',
      ]
    );
    // The media step's result types may be named from publish/; the media step's code may not.
    const intoMedia = check({
      ...files,
      'server/src/publish/plan.ts':
        "import type { ArticleMedia } from '../media/types';\nimport type { importer } from '../media/import';\n",
    });
    assert.equal(intoMedia.length, 1);
    assert.match(intoMedia[0], /plan\.ts:2: imports server\/src\/media\/import\.ts \(type only\), back up/);
    const strapiUp = check({
      ...files,
      'server/src/strapi/x.ts': "import { posts } from '../services/posts';\n",
    });
    assert.equal(strapiUp.length, 1);
    assert.deepEqual(
      check({
        'core/src/x.ts': "import { y } from '../../server/src/utils/y';\n",
        'server/src/utils/y.ts': '',
      }),
      ['core/src/x.ts:1: core/ imports server/src/utils/y.ts: core is framework-free and below the server']
    );
  });
});
