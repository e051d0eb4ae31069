// The playground lets anyone read its collection types (as a site's frontend would), so tests and users
// can see what the plugin stored through Strapi's own REST API: the Article and its Category, and the
// real sites' shapes of playground/fixture-types when a test adds them (test/helpers/fixture-app.ts).
const publicActions = (strapi) =>
  Object.entries(strapi.contentTypes)
    .filter(([uid, type]) => uid.startsWith('api::') && type.kind === 'collectionType')
    .flatMap(([uid]) => [`${uid}.find`, `${uid}.findOne`]);

async function grantPublicRead(strapi) {
  const publicRole = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!publicRole) return;
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  for (const action of publicActions(strapi)) {
    const existing = await permissions.findOne({ where: { action, role: publicRole.id } });
    if (!existing) await permissions.create({ data: { action, role: publicRole.id } });
  }
}

/**
 * Test fixture: with PLAYGROUND_FAIL_WRITES_MARKER set, writing an article whose title contains the
 * marker fails right after the row is written, as a database error in the middle of a publish would.
 */
function simulateWriteFailures(strapi) {
  const marker = process.env.PLAYGROUND_FAIL_WRITES_MARKER;
  if (!marker) return;
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const title = context.params && context.params.data && context.params.data.title;
    if (
      context.uid === 'api::article.article' &&
      ['create', 'update'].includes(context.action) &&
      String(title).includes(marker)
    ) {
      throw new Error('Simulated database failure');
    }
    return result;
  });
}

/**
 * Test fixture: with PLAYGROUND_EARLY_BODY_PARSER=true, an app-wide JSON body parser runs before
 * Strapi's own (as on a site that added one), so the plugin's routes find the request stream read.
 */
function simulateEarlyBodyParser(strapi) {
  if (process.env.PLAYGROUND_EARLY_BODY_PARSER !== 'true') return;
  strapi.server.use(async (ctx, next) => {
    if (ctx.method === 'POST' && ctx.is('json')) {
      const chunks = [];
      for await (const chunk of ctx.req) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('utf8');
      ctx.request.body = text ? JSON.parse(text) : {};
    }
    await next();
  });
}

/**
 * Test fixture: with PLAYGROUND_FILE_ROW_GATE_URL and PLAYGROUND_FILE_ROW_GATE_MARKER set, Strapi's
 * upload, about to insert the row of a file whose name contains the marker (the provider has written
 * the file and its formats by then), first asks the gate URL (with `?name=`) and waits for its answer:
 * `kill` ends this process at once (kill -9 in the window between the provider's write and the row
 * insert), anything else lets the upload go on. A gate that does not answer yet holds the upload there.
 */
function gateFileRows(strapi) {
  const gate = process.env.PLAYGROUND_FILE_ROW_GATE_URL;
  const marker = process.env.PLAYGROUND_FILE_ROW_GATE_MARKER;
  if (!gate || !marker) return;
  strapi.db.lifecycles.subscribe({
    models: ['plugin::upload.file'],
    async beforeCreate(event) {
      const name = String((event.params.data && event.params.data.name) || '');
      if (!name.includes(marker)) return;
      const answer = await globalThis
        .fetch(`${gate}?name=${encodeURIComponent(name)}`)
        .then((response) => response.text());
      if (answer.trim() === 'kill') process.kill(process.pid, 'SIGKILL');
    },
  });
}

/**
 * PLAYGROUND_UPLOAD_SETTINGS (JSON) sets the media library's settings at start (Settings > Media
 * Library), e.g. `{"responsiveDimensions":false,"sizeOptimization":false}`; the benchmark uses it to
 * show how much of an image import is Strapi's own image processing.
 */
async function applyUploadSettings(strapi) {
  const settings = process.env.PLAYGROUND_UPLOAD_SETTINGS;
  if (!settings) return;
  const upload = strapi.plugin('upload').service('upload');
  await upload.setSettings({ ...(await upload.getSettings()), ...JSON.parse(settings) });
}

/** The playground's second locale (the default is `en`), so localized types can be published in French. */
async function ensureFrenchLocale(strapi) {
  const locales = strapi.plugin('i18n').service('locales');
  if (await locales.findByCode('fr')) return;
  try {
    await locales.create({ code: 'fr', name: 'French (fr)' });
  } catch (error) {
    // Another instance on the same database created it first.
    if (!(await locales.findByCode('fr'))) throw error;
  }
}

const contractProbe = require('./contract-probe');

module.exports = {
  register({ strapi }) {
    contractProbe.register({ strapi });
    simulateWriteFailures(strapi);
    simulateEarlyBodyParser(strapi);
  },
  async bootstrap({ strapi }) {
    gateFileRows(strapi);
    await grantPublicRead(strapi);
    await ensureFrenchLocale(strapi);
    await applyUploadSettings(strapi);
    await contractProbe.bootstrap({ strapi });
  },
};
