import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BODY_WRITERS } from '../src/body-formats';
import { placeholderLibraryFiles, shortenedBody, withoutImportWarnings } from '../src/dry-run';
import { buildPublishTarget, targetReport } from '../src/publish-target';
import { exampleBlog, markdownBlog, playgroundArticle, targetSettings } from './helpers/target-shapes';

describe('publish target: the profile with the body slot of core/src/body', () => {
  it("reads Strapi's example blog with the content type alone: a zone body with its component plan", () => {
    const { catalog } = exampleBlog();
    const target = buildPublishTarget(targetSettings(), catalog);
    assert.deepEqual(target.problems.fatal, []);
    assert.equal(target.body?.field, 'blocks');
    assert.equal(target.body?.body.format, 'zone');
    assert.equal(target.body?.zone?.text.uid, 'shared.rich-text');
    assert.equal(target.body?.zone?.media?.uid, 'shared.media');
    assert.deepEqual(targetReport(target), {
      content_type: 'api::article.article',
      body_field: 'blocks',
      body_format: 'zone',
      upsert_key: 'slug',
      mapping: targetReport(target).mapping,
    });
    assert.equal(targetReport(target).mapping.summary, 'description');
  });

  it('a bodyFormat the field cannot hold is a fatal problem naming the field', () => {
    const { catalog } = exampleBlog();
    const target = buildPublishTarget(targetSettings({ bodyFormat: 'html' }), catalog);
    assert.equal(target.body, null);
    assert.match(target.problems.fatal.join(' '), /"blocks"/);
  });

  it('html keeps the Article on HTML; auto gives its Markdown editor Markdown', () => {
    const { catalog } = playgroundArticle();
    assert.equal(
      buildPublishTarget(targetSettings({ bodyFormat: 'html' }), catalog).body?.body.format,
      'html'
    );
    assert.equal(buildPublishTarget(targetSettings(), catalog).body?.body.format, 'markdown');
  });

  it('an unknown content type is one fatal problem', () => {
    const target = buildPublishTarget(
      targetSettings({ targetContentType: 'api::nope.nope' }),
      playgroundArticle().catalog
    );
    assert.deepEqual(target.problems.fatal, ['The target content type "api::nope.nope" does not exist.']);
  });

  it('a target without a slug field is a degradation keyed by the plugin record; an author default is kept for the glue', () => {
    const { catalog } = markdownBlog();
    const target = buildPublishTarget(
      targetSettings({ targetContentType: markdownBlog().schema.uid }),
      catalog
    );
    assert.equal(target.slug, null);
    assert.equal(targetReport(target).upsert_key, 'plugin_record');
    assert.ok(target.problems.degraded.some((problem) => /no slug field/.test(problem)));
    const blog = buildPublishTarget(
      targetSettings({ defaults: { author: 'Jane Doe' } }),
      exampleBlog().catalog
    );
    assert.equal(blog.authorDefault, 'Jane Doe');
    assert.ok(
      !blog.defaults.some((constant) => constant.field === 'author'),
      'a relation default is not a plain value'
    );
  });
});

describe('body writers', () => {
  it('zone: images become media components with their library file; republish keeps components of other kinds after the article', () => {
    const target = buildPublishTarget(targetSettings(), exampleBlog().catalog);
    assert.ok(target.body);
    const html = '<h2>Hi</h2><p>Text</p><img src="https://cms.example/uploads/a.jpg" alt="A"><p>More</p>';
    const slider = { __component: 'shared.slider', files: [7] };
    const warnings: string[] = [];
    const zone = BODY_WRITERS.zone.write(
      {
        html,
        body: target.body,
        libraryFiles: new Map([
          ['https://cms.example/uploads/a.jpg', { id: 42, url: 'https://cms.example/uploads/a.jpg' }],
        ]),
        existingZone: [{ __component: 'shared.rich-text', body: 'old' }, slider],
      },
      warnings
    ) as { __component: string }[];
    assert.deepEqual(
      zone.map((component) => component.__component),
      ['shared.rich-text', 'shared.media', 'shared.rich-text', 'shared.slider']
    );
    assert.deepEqual(zone[1], { __component: 'shared.media', file: 42 });
    assert.deepEqual(zone[3], slider);
  });

  it('markdown: no HTML left; html: the sanitized HTML as is', () => {
    const target = buildPublishTarget(targetSettings(), playgroundArticle().catalog);
    assert.ok(target.body);
    const input = {
      html: '<h2>Hi</h2><p>A <strong>b</strong></p>',
      body: target.body,
      libraryFiles: new Map(),
      existingZone: [],
    };
    assert.equal(BODY_WRITERS.markdown.write(input, []), '## Hi\n\nA **b**');
    assert.equal(BODY_WRITERS.html.write(input, []), input.html);
  });
});

describe('dry run helpers', () => {
  it('shortens long text and long lists, and keeps short values as they are', () => {
    assert.equal(shortenedBody('short'), 'short');
    assert.equal(shortenedBody('x'.repeat(400)), `${'x'.repeat(300)}… (400 characters)`);
    assert.deepEqual(shortenedBody([1, 2, 3, 4, 5, 6, 7]), [1, 2, 3, 4, 5, '… (2 more)']);
    assert.deepEqual(shortenedBody([{ body: 'y'.repeat(301) }]), [
      { body: `${'y'.repeat(300)}… (301 characters)` },
    ]);
  });

  it("lays images out as imported (file 0) and leaves out the dry run's own not-imported warnings", () => {
    const sources = ['https://img.example/a.jpg'];
    assert.deepEqual(
      [...placeholderLibraryFiles(sources)],
      [['https://img.example/a.jpg', { id: 0, url: 'https://img.example/a.jpg' }]]
    );
    const kept = 'The link to "x" was kept as plain text.';
    assert.deepEqual(
      withoutImportWarnings(
        ['The image https://img.example/a.jpg is not in the media library, so it became a paragraph.', kept],
        sources
      ),
      [kept]
    );
  });
});
