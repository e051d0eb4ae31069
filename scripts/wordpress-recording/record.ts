// Plays the WordPress scenario (test/helpers/wordpress-scenario.ts) against a real WordPress and writes
// its answers to test/fixtures/wordpress/recorded.json. See README.md beside this file.
//   node --import tsx scripts/wordpress-recording/record.ts <base URL> <credentials file>
import fs from 'node:fs';
import path from 'node:path';
import { playScenario } from '../../test/helpers/wordpress-scenario';

async function main() {
  const [base, credentialsFile] = process.argv.slice(2);
  if (!base || !credentialsFile) throw new Error('usage: record.ts <base URL> <credentials file>');
  const line = fs.readFileSync(credentialsFile, 'utf8').trim();
  const separator = line.indexOf(':');
  const credentials = { login: line.slice(0, separator), password: line.slice(separator + 1) };
  const answers = await playScenario(base.replace(/\/$/, ''), credentials);
  const version = answers.find((answer) => answer.name === 'index');
  const out = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'wordpress', 'recorded.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const recording = {
    recordedFrom: 'WordPress (Debian package) served by php -S on loopback',
    wordpressVersion: process.env.WORDPRESS_VERSION ?? 'unknown',
    siteName: (version?.body as { name?: string } | null)?.name,
    base,
    answers,
  };
  fs.writeFileSync(out, `${JSON.stringify(recording, null, 2)}\n`);
  for (const answer of answers) console.log(`${answer.status}  ${answer.name}`);
  console.log(`written: ${path.relative(process.cwd(), out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
