// The playground lets anyone read articles and categories (as a site's frontend would), so tests and
// users can see what the plugin stored through Strapi's own REST API.
const PUBLIC_ACTIONS = [
  'api::article.article.find',
  'api::article.article.findOne',
  'api::category.category.find',
  'api::category.category.findOne',
];

async function grantPublicRead(strapi) {
  const publicRole = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!publicRole) return;
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  for (const action of PUBLIC_ACTIONS) {
    const existing = await permissions.findOne({ where: { action, role: publicRole.id } });
    if (!existing) await permissions.create({ data: { action, role: publicRole.id } });
  }
}

module.exports = {
  register() {},
  async bootstrap({ strapi }) {
    await grantPublicRead(strapi);
  },
};
