const path = require('path');

// Strapi's standard DATABASE_* variables. SQLite by default; DATABASE_FILENAME may be relative to the
// app root or absolute, so a test can give every run its own file.
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  const pool = { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) };
  const network = (defaultPort) => ({
    host: env('DATABASE_HOST', '127.0.0.1'),
    port: env.int('DATABASE_PORT', defaultPort),
    database: env('DATABASE_NAME', 'strapi'),
    user: env('DATABASE_USERNAME', 'strapi'),
    password: env('DATABASE_PASSWORD', ''),
  });
  const connections = {
    sqlite: {
      connection: {
        filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
    },
    postgres: {
      connection: { ...network(5432), schema: env('DATABASE_SCHEMA', 'public') },
      pool,
    },
    mysql: { connection: network(3306), pool },
  };
  if (!connections[client]) {
    throw new Error(`DATABASE_CLIENT must be sqlite, postgres or mysql (got "${client}")`);
  }
  return {
    connection: {
      client,
      ...connections[client],
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};
