// Test fixture for test/strapi-contract.test.ts and the compat check's `contract` step (never part of
// the plugin): with PLAYGROUND_CONTRACT_PROBE=true, this app observes in its own process what the
// plugin relies on in Strapi beyond its documented plugin API (server/src/strapi/), and answers what it
// saw at GET /_contract-probe. Each observation is raw: the test states the facts.
const { setImmediate } = require('node:timers');

const NOTE = 'api::contract-note.contract-note';
const PROBE_PATH = '/_contract-probe';

const enabled = () => process.env.PLAYGROUND_CONTRACT_PROBE === 'true';

const observed = {
  /** The middlewares registry's `extend`, and each call Strapi made of the `strapi::body` factory. */
  middlewaresExtend: false,
  bodyFactoryCalls: [],
  /** The Query Engine's findOne of a contract note: its `where` keys and id, populate, in a transaction. */
  noteFindOnes: [],
  /** What `lifecycles.subscribe` answered and did (bootstrap). */
  lifecycles: null,
  /** The upload provider's methods, and how often Strapi's upload called the ones replaced on it. */
  provider: null,
  providerCalls: { upload: 0, uploadStream: 0 },
  dialectClient: null,
  /**
   * A findOne by id whose `beforeFindOne` named a `select` of every column but the JSON one and whose
   * `afterFindOne` put a value there, against a plain findOne of the same row (bootstrap).
   */
  selectedRead: null,
  /** The most connections the database's pool opens (knex's pool of Strapi's connection). */
  poolMax: null,
  /** Strapi's MCP server as the plugin finds it (`strapi.ai.mcp`: 5.47 and later), after every register. */
  mcp: null,
};

/** What `strapi.ai.mcp` offers on this release: nothing on one without the MCP server. */
function observeMcp(strapi) {
  const ai = strapi.ai;
  const mcp = ai && ai.mcp;
  observed.mcp = {
    ai: typeof ai,
    registerTool: typeof (mcp && mcp.registerTool),
    isEnabled: typeof (mcp && mcp.isEnabled),
    enabled: Boolean(mcp && typeof mcp.isEnabled === 'function' && mcp.isEnabled()),
  };
}

/** Strapi's `strapi::body` factory, wrapped through the registry the plugin extends too. */
function observeBodyParser(strapi) {
  const middlewares = strapi.get('middlewares');
  observed.middlewaresExtend = typeof middlewares.extend === 'function';
  if (!observed.middlewaresExtend) return;
  middlewares.extend('strapi::body', (factory) => (config, context) => {
    const handler = factory(config, context);
    observed.bodyFactoryCalls.push({
      config: config === undefined ? null : JSON.parse(JSON.stringify(config)),
      strapiGiven: Boolean(context && context.strapi === strapi),
      answersMiddleware: typeof handler === 'function',
    });
    return handler;
  });
}

/**
 * For each status and locale, the ids of a document's rows the Document Service reads, and those the
 * Query Engine reads by `publishedAt` and `locale` (server/src/strapi/plain-lookups.ts's rule).
 */
async function versionRows(strapi, uid, documentId) {
  const answers = [];
  for (const status of ['draft', 'published'])
    for (const locale of ['en', 'fr']) {
      const byDocuments = await strapi.documents(uid).findMany({
        filters: { documentId },
        status,
        locale,
        fields: ['id'],
      });
      const byQueryEngine = await strapi.db.query(uid).findMany({
        where: { documentId, publishedAt: status === 'draft' ? null : { $notNull: true }, locale },
        select: ['id'],
      });
      const ids = (rows) => rows.map((row) => row.id).sort((a, b) => a - b);
      answers.push({ status, locale, documents: ids(byDocuments), queryEngine: ids(byQueryEngine) });
    }
  return answers;
}

/**
 * A draft entry read twice with the same columns and parts: through the Document Service (`populate: '*'`
 * for a component, `fields` for a relation or media field) and through the Query Engine (`populate: true`,
 * `select` with `id` and `documentId`), as server/src/strapi/plain-lookups.ts's readEntry reads it.
 */
async function entryReads(strapi, uid, documentId) {
  const fields = ['id', 'documentId', 'title', 'updatedAt'];
  const byDocuments = await strapi.documents(uid).findFirst({
    filters: { documentId },
    status: 'draft',
    fields,
    populate: { seo: { populate: '*' }, categories: { fields: ['documentId'] }, cover: { fields: ['id'] } },
  });
  const byQueryEngine = await strapi.db.query(uid).findOne({
    where: { documentId, publishedAt: null },
    select: fields,
    populate: {
      seo: { populate: true },
      categories: { select: ['id', 'documentId'] },
      cover: { select: ['id', 'documentId'] },
    },
    orderBy: { id: 'asc' },
  });
  return { documents: byDocuments, queryEngine: byQueryEngine };
}

function answerAtProbePath(strapi) {
  strapi.server.use(async (ctx, next) => {
    if (ctx.path === `${PROBE_PATH}/entry`) {
      ctx.body = await entryReads(strapi, String(ctx.query.uid), String(ctx.query.documentId));
      return;
    }
    if (ctx.path === `${PROBE_PATH}/versions`) {
      ctx.body = await versionRows(strapi, String(ctx.query.uid), String(ctx.query.documentId));
      return;
    }
    if (ctx.path !== PROBE_PATH) return next();
    ctx.body = observed;
  });
}

/** subscribe answers a remover; `models` filters; a removed subscriber is not called again. */
async function observeLifecycles(strapi) {
  if (!strapi.contentTypes[NOTE]) return;
  const calls = { note: 0, other: 0 };
  const remove = strapi.db.lifecycles.subscribe({
    models: [NOTE],
    beforeCount(event) {
      calls[event.model.uid === NOTE ? 'note' : 'other'] += 1;
    },
  });
  await strapi.db.query(NOTE).count();
  await strapi.db.query('plugin::upload.file').count();
  const removable = typeof remove === 'function';
  if (removable) remove();
  await strapi.db.query(NOTE).count();
  observed.lifecycles = { removable, calls };

  strapi.db.lifecycles.subscribe({
    models: [NOTE],
    beforeFindOne(event) {
      const where = (event.params && event.params.where) || {};
      observed.noteFindOnes.push({
        whereKeys: Object.keys(where),
        id: where.id === undefined ? null : where.id,
        populate: Boolean(event.params && event.params.populate),
        inTransaction: strapi.db.inTransaction(),
      });
    },
  });
}

/**
 * A lifecycle subscriber's `select` in beforeFindOne reaches the query, and its change of the result in
 * afterFindOne reaches findOne's answer; the columns it names (attributes by name, relations held in
 * the row by their join column, all but `data`) give the entry a plain read gives but for `data`.
 */
async function observeSelectedRead(strapi) {
  if (!strapi.contentTypes[NOTE]) return;
  const created = await strapi.db.query(NOTE).create({ data: { name: 'selected read', data: { a: 1 } } });
  const populate = { createdBy: true, updatedBy: true };
  const whole = await strapi.db.query(NOTE).findOne({ where: { id: created.id }, populate });
  const columns = [];
  for (const [name, attribute] of Object.entries(strapi.db.metadata.get(NOTE).attributes)) {
    if (name === 'data') continue;
    if (attribute.type !== 'relation') columns.push(name);
    else if (attribute.joinColumn) columns.push(attribute.joinColumn.name);
  }
  let dataReadBack = null;
  const remove = strapi.db.lifecycles.subscribe({
    models: [NOTE],
    beforeFindOne(event) {
      if (!event.params.where || event.params.where.id !== created.id) return;
      event.params.select = columns;
      event.state.selected = true;
    },
    // Async, with a turn of the event loop before it changes the result: the plugin parses a large
    // body between turns in this hook, so findOne must await it.
    async afterFindOne(event) {
      if (!event.state.selected || !event.result) return;
      dataReadBack = 'data' in event.result;
      await new Promise((resolve) => setImmediate(resolve));
      event.result.data = { from: 'afterFindOne' };
    },
  });
  const selected = await strapi.db.query(NOTE).findOne({ where: { id: created.id }, populate });
  remove();
  await strapi.db.query(NOTE).delete({ where: { id: created.id } });
  observed.selectedRead = { whole, selected, dataReadBack };
}

/** The provider object's methods, each replaced by one that counts Strapi's calls through it. */
function observeUploadProvider(strapi) {
  const provider = strapi.plugin('upload').provider;
  observed.provider = {
    upload: typeof provider.upload,
    uploadStream: typeof provider.uploadStream,
    delete: typeof provider.delete,
  };
  for (const method of ['upload', 'uploadStream']) {
    const original = provider[method];
    if (typeof original !== 'function') continue;
    provider[method] = (...args) => {
      observed.providerCalls[method] += 1;
      return original.apply(provider, args);
    };
  }
}

module.exports = {
  register({ strapi }) {
    if (!enabled()) return;
    observeBodyParser(strapi);
    answerAtProbePath(strapi);
  },
  async bootstrap({ strapi }) {
    if (!enabled()) return;
    observed.dialectClient = strapi.db.dialect.client;
    const pool = strapi.db.connection.client.pool;
    observed.poolMax = pool ? pool.max : null;
    observeMcp(strapi);
    await observeLifecycles(strapi);
    await observeSelectedRead(strapi);
    observeUploadProvider(strapi);
  },
};
