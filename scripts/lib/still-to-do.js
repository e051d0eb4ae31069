// What a reader of `npm start`'s banner still has to do on this site: create the first admin (asked of
// Strapi's public /admin/init), and get a key (the plugin's stored key, read from the playground's own
// database with its own configuration). What is already done is not repeated on every restart.
const http = require('node:http');
const path = require('node:path');

const playgroundDir = path.resolve(__dirname, '..', '..', 'playground');
const fromPlayground = (name) => require(require.resolve(name, { paths: [playgroundDir] }));

/** Strapi's `hasAdmin`, or undefined when the site does not answer. */
function hasAdmin(base) {
  return new Promise((resolve) => {
    http
      .get(`${base}/admin/init`, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text).data.hasAdmin === true);
          } catch {
            resolve(undefined);
          }
        });
      })
      .on('error', () => resolve(undefined));
  });
}

const KNEX_CLIENTS = { sqlite: 'better-sqlite3', postgres: 'pg', mysql: 'mysql2' };

/** Whether the plugin has a generated key in the database; undefined when it cannot be read. */
async function hasStoredKey() {
  const { env } = fromPlayground('@strapi/utils');
  const { connection } = require(path.join(playgroundDir, 'config', 'database.js'))({ env });
  const databaseDir = path.dirname(
    require.resolve('@strapi/database/package.json', { paths: [playgroundDir] })
  );
  const knex = require(require.resolve('knex', { paths: [databaseDir] }))({
    ...connection,
    client: KNEX_CLIENTS[connection.client],
    pool: { min: 0, max: 1 },
  });
  try {
    const row = await knex('strapi_core_store_settings')
      .where({ key: 'plugin_article-publisher_api-key' })
      .first('value');
    return Boolean(row && row.value && JSON.parse(row.value)?.hash);
  } catch {
    return undefined;
  } finally {
    await knex.destroy().catch(() => undefined);
  }
}

/** The banner's lines of what is still to do (none when everything is done). */
async function stillToDo(base) {
  const steps = [];
  const admin = await hasAdmin(base);
  if (admin !== true) steps.push(`Create the first admin at ${base}/admin`);
  if (process.env.ARTICLE_PUBLISHER_API_KEY) return steps;
  const key = admin === true ? await hasStoredKey().catch(() => undefined) : false;
  if (key === true) return steps;
  steps.push(
    `${key === undefined ? 'If you have no key yet, generate' : 'Generate'} one: Settings > Article Publisher > "Generate key"\n` +
      '    (or start with ARTICLE_PUBLISHER_API_KEY=<at least 16 characters> npm start)'
  );
  return steps;
}

module.exports = { stillToDo };
