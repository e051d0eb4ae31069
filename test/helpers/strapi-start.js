// Starts the Strapi app in the working directory the way `strapi start` does for a JavaScript app
// (`createStrapi({ appDir, distDir: appDir }).start()`, @strapi/strapi's documented programmatic start),
// without first loading Strapi's whole command-line tool: its every command, the cloud CLI and the build
// tooling cost a test's Strapi about a third of its start-up CPU, and the suite starts Strapi hundreds of
// times. `npm start` and the compatibility check keep the real `strapi start`.
//
// Once this Strapi listens, it says so on stdout with its port (LISTENING_LINE): a test waits for that
// line, not only for an answer on the port, because test processes running side by side may be handed the
// same free port, and an answer there may come from another test's Strapi while this one fails to bind.
const appDir = process.cwd();
const { createStrapi } = require(require.resolve('@strapi/strapi', { paths: [appDir] }));
Promise.resolve(createStrapi({ appDir, distDir: appDir }).start())
  .then((strapi) => {
    const address = strapi?.server?.httpServer?.address();
    if (address && typeof address === 'object')
      console.log(`strapi-start: listening on port ${address.port}`);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
