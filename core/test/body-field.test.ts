import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bodyFormatProblems,
  detectBodyFormat,
  findBodyField,
  resolveBodyField,
} from '../src/body/body-field';
import { catalogOf, contentType, EXAMPLE_BLOG_ARTICLE, EXAMPLE_BLOG_COMPONENTS } from './helpers/zone-shapes';

const detect = (attributes: Parameters<typeof contentType>[0]) => {
  const { body, problems } = resolveBodyField(contentType(attributes));
  return body ? { name: body.name, format: body.format, maxLength: body.maxLength } : { problems };
};

describe('the body field and its format', () => {
  it("finds the example blog's dynamic zone named blocks and writes components into it", () => {
    const { body, problems } = resolveBodyField(EXAMPLE_BLOG_ARTICLE, {
      catalog: catalogOf(EXAMPLE_BLOG_COMPONENTS),
    });
    assert.deepEqual(problems, []);
    assert.equal(body?.name, 'blocks');
    assert.equal(body?.format, 'zone');
  });

  it('reads the format from the type: Markdown for richtext, blocks, HTML for text and string (with the string cap)', () => {
    assert.deepEqual(detect({ title: { type: 'string' }, content: { type: 'richtext' } }), {
      name: 'content',
      format: 'markdown',
      maxLength: undefined,
    });
    assert.deepEqual(detect({ title: { type: 'string' }, body: { type: 'blocks' } }), {
      name: 'body',
      format: 'blocks',
      maxLength: undefined,
    });
    assert.deepEqual(detect({ title: { type: 'string' }, Article_Body: { type: 'text' } }), {
      name: 'Article_Body',
      format: 'html',
      maxLength: undefined,
    });
    assert.deepEqual(detect({ title: { type: 'string' }, text: { type: 'string' } }), {
      name: 'text',
      format: 'html',
      maxLength: 255,
    });
    assert.deepEqual(detect({ title: { type: 'string' }, post_content: { type: 'text', maxLength: 5000 } }), {
      name: 'post_content',
      format: 'html',
      maxLength: 5000,
    });
  });

  it('keeps HTML for known HTML editors unless CKEditor is set to Markdown output', () => {
    const ck = (type: string, output?: string) => ({
      type,
      customField: 'plugin::ckeditor5.CKEditor',
      options: output ? { output, preset: 'defaultHtml' } : {},
    });
    assert.equal(detectBodyFormat(ck('richtext', 'HTML')), 'html');
    assert.equal(detectBodyFormat(ck('richtext')), 'html');
    assert.equal(detectBodyFormat(ck('richtext', 'Markdown')), 'markdown');
    assert.equal(detectBodyFormat({ type: 'richtext', customField: 'plugin::ckeditor.CKEditor' }), 'html');
    assert.equal(detectBodyFormat({ type: 'text', customField: 'plugin::tinymce.tinymce' }), 'html');
    assert.equal(
      detectBodyFormat({ type: 'richtext', customField: 'plugin::some.markdown-editor' }),
      'markdown'
    );
    assert.equal(detectBodyFormat({ type: 'json' }), undefined);
    // FoodAdvisor: the body is a CKEditor field with a name that is no body name.
    assert.deepEqual(detect({ title: { type: 'string' }, ckeditor_content: ck('richtext', 'HTML') }), {
      name: 'ckeditor_content',
      format: 'html',
      maxLength: undefined,
    });
  });

  it('prefers a body-like name, best name first, over schema order; else the first rich field', () => {
    const schema = contentType({
      text: { type: 'string' },
      summary: { type: 'richtext' },
      Body: { type: 'richtext' },
      content: { type: 'blocks' },
    });
    assert.equal(findBodyField(schema)?.name, 'content');
    // A body-like name on a type that holds no body does not count.
    assert.equal(
      findBodyField(contentType({ content: { type: 'json' }, main: { type: 'blocks' } }))?.name,
      'main'
    );
    // Without a body-like name, plain text fields are not taken (a description is no body), nor a custom field of another kind.
    assert.equal(
      findBodyField(
        contentType({
          description: { type: 'text' },
          color: { type: 'string', customField: 'plugin::color-picker.color' },
          story: { type: 'richtext' },
        })
      )?.name,
      'story'
    );
    assert.deepEqual(detect({ title: { type: 'string' }, description: { type: 'text' } }), {
      problems: [
        'The content type api::article.article has no field that can hold the article body (rich text, blocks, dynamic zone, text).',
      ],
    });
  });

  it('takes a bodyFormat override the field can hold and says why it cannot hold the others', () => {
    const markdownBody = contentType({ content: { type: 'richtext' } });
    assert.equal(resolveBodyField(markdownBody, { format: 'html' }).body?.format, 'html');
    assert.equal(resolveBodyField(markdownBody, { format: 'html' }).body?.detected, 'markdown');
    assert.deepEqual(resolveBodyField(markdownBody, { format: 'blocks' }), {
      problems: ['The body field "content" (richtext) cannot hold the body as Strapi blocks.'],
    });
    assert.deepEqual(resolveBodyField(markdownBody, { format: 'zone' }).problems, [
      'The body field "content" (richtext) cannot hold the body as dynamic-zone components.',
    ]);
    const blocksBody = contentType({ content: { type: 'blocks' } });
    assert.deepEqual(resolveBodyField(blocksBody, { format: 'markdown' }).problems, [
      'The body field "content" (blocks) cannot hold the body as Markdown.',
    ]);
    assert.equal(resolveBodyField(blocksBody, { format: 'auto' }).body?.format, 'blocks');
    assert.deepEqual(resolveBodyField(EXAMPLE_BLOG_ARTICLE, { format: 'html' }).problems, [
      'The body field "blocks" (dynamiczone) cannot hold the body as HTML.',
    ]);
    assert.equal(
      resolveBodyField(contentType({ body: { type: 'text' } }), { format: 'markdown' }).body?.format,
      'markdown'
    );
  });

  it('uses a configured field by name, and refuses one that does not exist', () => {
    const schema = contentType({ content: { type: 'richtext' }, legacy: { type: 'text' } });
    assert.equal(resolveBodyField(schema, { field: 'legacy' }).body?.format, 'html');
    assert.deepEqual(resolveBodyField(schema, { field: 'missing' }).problems, [
      'The body field "missing" does not exist in api::article.article.',
    ]);
    assert.deepEqual(resolveBodyField(schema, { field: 'content', format: 'blocks' }).problems, [
      'The body field "content" (richtext) cannot hold the body as Strapi blocks.',
    ]);
  });

  it('refuses a zone without a component that can hold the article text', () => {
    const catalog = catalogOf([
      ...EXAMPLE_BLOG_COMPONENTS.filter((component) => component.uid !== 'shared.rich-text'),
      {
        uid: 'sections.hero',
        attributes: { heading: { type: 'string', required: true }, body: { type: 'richtext' } },
      },
    ]);
    const zone = { type: 'dynamiczone', components: ['shared.media', 'shared.quote', 'sections.hero'] };
    assert.deepEqual(bodyFormatProblems('blocks', zone, 'zone', catalog), [
      'The body field "blocks" is a dynamic zone without a component that can hold the article text (one rich text or blocks field).',
      // Named like a part of a page: never given the article's text, whatever its fields (issue #47).
      'The zone\'s component "sections.hero" is not used for the article text: it is named like a part of a page (hero), not of an article.',
    ]);
    assert.deepEqual(
      bodyFormatProblems(
        'blocks',
        { ...zone, components: ['shared.rich-text'] },
        'zone',
        catalogOf(EXAMPLE_BLOG_COMPONENTS)
      ),
      []
    );
  });
});
