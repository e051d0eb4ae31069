// Starts the Strapi app in the working directory the way `strapi start` does for a JavaScript app
// (`createStrapi({ appDir, distDir: appDir }).start()`, @strapi/strapi's documented programmatic start),
// without first loading Strapi's whole command-line tool: its every command, the cloud CLI and the build
// tooling cost a test's Strapi about a third of its start-up CPU, and the suite starts Strapi hundreds of
// times. `npm start` and the compatibility check keep the real `strapi start`.
const appDir = process.cwd();
const { createStrapi } = require(require.resolve('@strapi/strapi', { paths: [appDir] }));
Promise.resolve(createStrapi({ appDir, distDir: appDir }).start()).catch((error) => {
  console.error(error);
  process.exit(1);
});
