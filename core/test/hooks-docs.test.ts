import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PRESET_NAMES } from '../src/hooks/endpoints';
import { EVENT_EFFECTS, PRESET_EVENTS, presetOptionNames } from '../src/hooks/preset-events';

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
