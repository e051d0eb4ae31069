import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { carriesImages, mcpPublishRefusal } from '../src/mcp/publish-refusal';

const UID = 'api::article.article';

describe('the MCP door: a publish needs the token’s own rights', () => {
  it('lets a token with every article action and upload publish', () => {
    assert.equal(mcpPublishRefusal({ missingArticleActions: [], upload: true }, UID, true), undefined);
  });

  it('refuses a token missing article actions, naming them, with the contract code forbidden (403)', () => {
    const refusal = mcpPublishRefusal(
      { missingArticleActions: ['create', 'publish'], upload: true },
      UID,
      false
    );
    assert.equal(refusal?.code, 'forbidden');
    assert.equal(refusal?.status, 403);
    assert.match(refusal?.message ?? '', /create, publish on api::article\.article/);
  });

  it('needs the upload right only when the article carries an image', () => {
    const rights = { missingArticleActions: [], upload: false };
    assert.equal(mcpPublishRefusal(rights, UID, false), undefined);
    assert.equal(mcpPublishRefusal(rights, UID, true)?.code, 'forbidden');
  });

  it('tells an article with images from one without', () => {
    assert.equal(carriesImages({ body: '<p>Text</p>' }), false);
    assert.equal(carriesImages({ body: '<p><IMG src="x.png"></p>' }), true);
    assert.equal(carriesImages({ body: '<p>Text</p>', featuredImage: { source: 'https://x/y.png' } }), true);
  });

  it('finds the images of a Markdown body, inline or by reference, and raw <img> in it', () => {
    const markdown = (body: string) => carriesImages({ body, format: 'markdown' });
    assert.equal(markdown('# Title\n\nText with a [link](https://x/y).'), false);
    assert.equal(markdown('Text\n\n![A lawn](https://x/lawn.png)'), true);
    assert.equal(markdown('Text\n\n![A lawn][lawn]\n\n[lawn]: https://x/lawn.png'), true);
    assert.equal(markdown('Text <img src="x.png">'), true);
    assert.equal(carriesImages({ body: '![A lawn](https://x/lawn.png)' }), false, 'HTML: no tag, no image');
  });
});
