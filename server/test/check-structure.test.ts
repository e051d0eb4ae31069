/** The layout rules `npm run lint` checks (scripts/check-structure.js, issues #44 and #57). */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain JS script, run by npm run lint
const { checkFiles, roomOf } = require('../../scripts/check-structure.js') as {
  checkFiles: (files: { path: string; text: string }[], exists: (file: string) => boolean) => string[];
  roomOf: (file: string) => { name: string } | undefined;
};

const check = (files: Record<string, string>) =>
  checkFiles(
    Object.entries(files).map(([path, text]) => ({ path, text })),
    (file) => file in files
  );

const importing = (...modules: string[]) =>
  modules.map((module) => `import { x } from '${module}';\n`).join('');

describe('scripts/check-structure.js', () => {
  it('passes on the repository as it stands (the command lint runs)', () => {
    const output = execFileSync(
      process.execPath,
      [path.join(__dirname, '../../scripts/check-structure.js')],
      {
        encoding: 'utf8',
      }
    );
    assert.match(output, /layout rules hold/);
  });

  it('names the room of each server file', () => {
    const rooms = {
      'server/src/index.ts': 'entry',
      'server/src/services.ts': 'entry',
      'server/src/doors/wordpress/handlers.ts': 'door wordpress',
      'server/src/doors/wordpress/services/posts.ts': 'door wordpress',
      'server/src/doors/admin/controllers/admin-settings.ts': 'door admin',
      'server/src/gate/rights.ts': 'gate',
      'server/src/pipeline/publish/write.ts': 'pipeline publish',
      'server/src/pipeline/media/import.ts': 'pipeline',
      'server/src/strapi/documents.ts': 'strapi',
      'server/src/common/services/plugin-config.ts': 'common',
      'server/src/worker/pool.ts': 'common',
    };
    for (const [file, room] of Object.entries(rooms)) assert.equal(roomOf(file)?.name, room, file);
    assert.equal(roomOf('core/src/article.ts'), undefined);
  });

  it('reports a server file over 400 lines', () => {
    const long = 'const x = 1;\n'.repeat(401);
    assert.deepEqual(check({ 'server/src/pipeline/posts/long.ts': long }), [
      'server/src/pipeline/posts/long.ts: 401 lines (at most 400: split it by concern)',
    ]);
    assert.deepEqual(check({ 'server/src/pipeline/posts/short.ts': 'const x = 1;\n'.repeat(400) }), []);
  });

  it("keeps Strapi's internals under server/src/strapi/", () => {
    const internals = [
      'strapi.db.lifecycles.subscribe({});',
      'strapi.documents.use(async (context, next) => next());',
      "const provider = strapi.plugin('upload').provider;",
      'const where = { body: { $eq: BLOCKS_STAND_IN_JSON } };',
      'data[field] = BLOCKS_STAND_IN;',
      'uses.entryEventReads.expectEventReads(uid, rows);',
      'const paced = new PacedReads({ expectMs: 1, holdMs: 1 });',
      'await strapi.db\n  .query(target.uid as never)\n  .updateMany({ where, data });',
      "strapi.get('middlewares').extend('strapi::body', wrap);",
      'strapi.ai.mcp.registerTool(tool);',
    ];
    for (const line of internals) {
      const problems = check({ 'server/src/pipeline/posts/posts.ts': line });
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
    for (const line of own) assert.deepEqual(check({ 'server/src/pipeline/x.ts': line }), [], line);
  });

  it('lets a door import the gate, the pipeline, Strapi and common, never another door', () => {
    const files = {
      'server/src/doors/mcp/publish-tool.ts': importing(
        '../../gate',
        '../../pipeline/ledger/deliveries',
        '../../strapi/mcp-server',
        '../../common/plugin-id'
      ),
      'server/src/gate/index.ts': '',
      'server/src/pipeline/ledger/deliveries.ts': '',
      'server/src/strapi/mcp-server.ts': '',
      'server/src/common/plugin-id.ts': '',
      'server/src/doors/wordpress/services/post-views.ts': '',
    };
    assert.deepEqual(check(files), []);
    assert.deepEqual(
      check({
        ...files,
        'server/src/doors/mcp/article-reads.ts': importing('../wordpress/services/post-views'),
      }),
      [
        'server/src/doors/mcp/article-reads.ts:1: imports server/src/doors/wordpress/services/post-views.ts: room "door mcp" may not import room "door wordpress" (scripts/check-structure.js ROOMS)',
      ]
    );
    // The admin API manages every door's settings.
    assert.deepEqual(
      check({
        ...files,
        'server/src/doors/admin/controllers/a.ts': importing('../../wordpress/services/post-views'),
      }),
      []
    );
  });

  it('keeps the pipeline and the gate below every door, and publish/ naming the other rooms by type only', () => {
    const files = {
      'server/src/doors/wordpress/services/terms.ts': '',
      'server/src/doors/custom-webhooks/services/hooks.ts': '',
      'server/src/pipeline/locks/locks.ts': '',
      'server/src/gate/index.ts': '',
    };
    const media = check({
      ...files,
      'server/src/pipeline/media/import.ts': importing('../../doors/wordpress/services/terms'),
    });
    assert.equal(media.length, 1);
    assert.match(media[0], /room "pipeline" may not import room "door wordpress"/);
    const publish = check({
      ...files,
      'server/src/pipeline/publish/write.ts':
        "import type { Locks } from '../locks/locks';\nimport { locks } from '../locks/locks';\nimport type { Hooks } from '../../doors/custom-webhooks/services/hooks';\n",
    });
    assert.deepEqual(publish, [
      'server/src/pipeline/publish/write.ts:2: imports server/src/pipeline/locks/locks.ts: room "pipeline publish" may not import room "pipeline" (scripts/check-structure.js ROOMS)',
      'server/src/pipeline/publish/write.ts:3: imports server/src/doors/custom-webhooks/services/hooks.ts (type only): room "pipeline publish" may not import room "door custom-webhooks" (scripts/check-structure.js ROOMS)',
    ]);
    const gateUp = check({ ...files, 'server/src/pipeline/locks/x.ts': importing('../../gate') });
    assert.match(gateUp[0], /room "pipeline" may not import room "gate"/);
    const strapiUp = check({ ...files, 'server/src/strapi/x.ts': importing('../pipeline/locks/locks') });
    assert.match(strapiUp[0], /room "strapi" may not import room "pipeline"/);
  });

  it('leaves getService to the edges: a service is handed its collaborators', () => {
    const files = {
      'server/src/common/get-service.ts': "import type { PluginServices } from '../services';\n",
      'server/src/services.ts': '',
      'server/src/doors/wordpress/handlers.ts': importing('../../common/get-service'),
      'server/src/doors/service-api/controllers/service-api.ts': importing('../../../common/get-service'),
      'server/src/common/http/json-body.ts': importing('../get-service'),
      'server/src/bootstrap.ts': importing('./common/get-service'),
    };
    assert.deepEqual(check(files), []);
    for (const service of [
      'server/src/pipeline/posts/posts.ts',
      'server/src/doors/wordpress/services/posts.ts',
      'server/src/common/services/site-info.ts',
      'server/src/gate/rights.ts',
    ]) {
      const depth = service.split('/').length - 3;
      const problems = check({ ...files, [service]: importing(`${'../'.repeat(depth)}common/get-service`) });
      assert.equal(problems.length, 1, service);
      assert.match(problems[0], /imports getService: only the edges look services up/);
    }
  });

  it('refuses an import circle of more than 8 server files, type imports included', () => {
    const circle = (size: number) =>
      Object.fromEntries(
        Array.from({ length: size }, (_, index) => [
          `server/src/pipeline/ring/f${index}.ts`,
          `import type { X } from './f${(index + 1) % size}';\n`,
        ])
      );
    assert.deepEqual(check(circle(8)), []);
    const problems = check(circle(9));
    assert.equal(problems.length, 1);
    assert.match(
      problems[0],
      /^an import circle of 9 server files \(at most 8\): server\/src\/pipeline\/ring\/f0\.ts/
    );
  });

  it('keeps core/ free of server imports', () => {
    assert.deepEqual(
      check({
        'core/src/x.ts': "import { y } from '../../server/src/common/y';\n",
        'server/src/common/y.ts': '',
      }),
      ['core/src/x.ts:1: core/ imports server/src/common/y.ts: core is framework-free and below the server']
    );
  });
});
