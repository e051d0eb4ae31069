import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { AuthScheme } from '../src/hooks/auth';
import { PRESET_NAMES } from '../src/hooks/endpoints';
import { EVENT_EFFECTS, PRESET_EVENTS, presetOptionNames } from '../src/hooks/preset-events';
import { PRESET_SAMPLES } from '../src/hooks/preset-samples';
import { PRESETS } from '../src/hooks/presets';

const docs = path.join(__dirname, '..', '..', 'docs', 'hooks');

/** The page's section under `## <title>`, up to the next `## `. */
function section(page: string, title: string): string {
  const start = page.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `the page has a "## ${title}" section`);
  const rest = page.slice(start + title.length + 5);
  const end = rest.indexOf('\n## ');
  return end < 0 ? rest : rest.slice(0, end);
}

/** The rows of the `| event | what it does |` table: [event, effect text]. */
function eventRows(events: string): [string, string][] {
  const lines = events.split('\n');
  const header = lines.indexOf('| event | what it does |');
  assert.ok(header >= 0, 'the Events section has its "| event | what it does |" table');
  const rows: [string, string][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [event, does] = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    rows.push([event.replace(/^`(.*)`$/, '$1'), does]);
  }
  return rows;
}

describe('each docs/hooks page states the events and options its preset has (issue #59)', () => {
  for (const preset of PRESET_NAMES) {
    it(`${preset}.md`, () => {
      const page = fs.readFileSync(path.join(docs, `${preset}.md`), 'utf8');
      assert.deepEqual(
        eventRows(section(page, 'Events')),
        PRESET_EVENTS[preset].map(([event, effect]) => [event, EVENT_EFFECTS[effect]]),
        `the Events table of docs/hooks/${preset}.md and the preset's events (core/src/hooks/preset-events.ts)`
      );
      const line = /^Options this preset reads: (.*)\.$/m.exec(section(page, 'Options'));
      assert.ok(line, `docs/hooks/${preset}.md has its "Options this preset reads:" line`);
      const named = [...line[1].matchAll(/`([^`]+)`/g)].map((match) => match[1]);
      assert.deepEqual(named, presetOptionNames(preset), `the options of docs/hooks/${preset}.md`);
      // Every option the page lists is explained in it beyond the list.
      for (const option of named)
        assert.ok(page.split(`\`${option}\``).length > 2, `docs/hooks/${preset}.md explains \`${option}\``);
      // A page that has a delete event says what onDelete does.
      if (PRESET_EVENTS[preset].some(([, effect]) => effect === 'delete'))
        assert.match(page, /`onDelete`[^\n]*`delete`/, `docs/hooks/${preset}.md says what onDelete does`);
    });
  }

  it('a page that disagrees fails: a *.deleted event said to write nothing', () => {
    const page = fs.readFileSync(path.join(docs, 'seogrove.md'), 'utf8');
    const wrong = page.replace(
      `| \`content.deleted\` | ${EVENT_EFFECTS.delete} |`,
      `| \`content.deleted\` | ${EVENT_EFFECTS.nothing} |`
    );
    assert.notEqual(wrong, page);
    assert.notDeepEqual(
      eventRows(section(wrong, 'Events')),
      PRESET_EVENTS.seogrove.map(([event, effect]) => [event, EVENT_EFFECTS[effect]])
    );
  });
});

/** Whether a recipe's shell sends the credentials `scheme` asks for, built from "$WEBHOOK_SECRET". */
function sendsCredentials(scheme: AuthScheme, script: string): boolean {
  const signed = script.includes('openssl dgst -sha256 -hmac "$WEBHOOK_SECRET"');
  // A signature is over the exact bytes: `--data` would strip the file's newlines.
  const exactBytes = script.includes('--data-binary @delivery.json');
  switch (scheme.kind) {
    case 'none':
      return true;
    case 'bearer':
      return script.includes('-H "Authorization: Bearer $WEBHOOK_SECRET"');
    case 'header':
      return script.includes(`-H "${scheme.header}: $WEBHOOK_SECRET"`);
    case 'hmac': {
      const prefixes = { hex: [''], 'sha256=': ['sha256='], either: ['', 'sha256='] }[scheme.format];
      return (
        signed &&
        exactBytes &&
        prefixes.some((prefix) => script.includes(`-H "${scheme.header}: ${prefix}$SIGNATURE"`))
      );
    }
    case 'timestamped-hmac':
      return (
        signed &&
        exactBytes &&
        script.includes(`-H "${scheme.timestampHeader}: $TIMESTAMP"`) &&
        script.includes(`-H "${scheme.header}: sha256=$SIGNATURE"`) &&
        script.includes(`printf '%s.' "$TIMESTAMP"`)
      );
    case 'all':
      return scheme.schemes.every((part) => sendsCredentials(part, script));
    case 'any':
      return scheme.schemes.some((part) => sendsCredentials(part, script));
  }
}

describe('each docs/hooks page shows its preset’s sample delivery and a curl line for it (issues #59, #60)', () => {
  for (const preset of PRESET_NAMES) {
    it(`${preset}.md`, () => {
      const page = fs.readFileSync(path.join(docs, `${preset}.md`), 'utf8');
      const example = section(page, 'An example delivery');
      const sample = PRESET_SAMPLES[preset];
      const blocks = [...example.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1]));
      assert.deepEqual(
        blocks,
        sample.options ? [sample.payload, sample.options] : [sample.payload],
        `the JSON of docs/hooks/${preset}.md and PRESET_SAMPLES.${preset} (core/src/hooks/preset-samples.ts)`
      );
      const recipe = new RegExp(`<!-- recipe-test: ${preset} -->\n\`\`\`bash\n([\\s\\S]*?)\`\`\``).exec(
        example
      );
      assert.ok(recipe, `docs/hooks/${preset}.md has its <!-- recipe-test: ${preset} --> curl block`);
      const script = recipe[1];
      assert.match(script, /curl -s -X POST "\$WEBHOOK_URL" /);
      assert.match(script, / --data(-binary)? @delivery\.json\n$/);
      assert.ok(
        sendsCredentials(PRESETS[preset].auth(sample.options ?? {}), script),
        `the curl line of docs/hooks/${preset}.md sends the credentials its preset checks`
      );
    });
  }
});
