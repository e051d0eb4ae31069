import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWordPressDate } from '../src/wordpress/dates';
import { mediaFieldsSchema } from '../src/wordpress/media-request';
import { postDate } from '../src/wordpress/post-article';
import { postRequestSchema } from '../src/wordpress/post-request';
import { matchEndpoint, routedMethod } from '../src/wordpress/route-path';
import { termRequestSchema } from '../src/wordpress/term-request';
import { XMLRPC_DISABLED, xmlrpcFault } from '../src/wordpress/xmlrpc';

const iso = (value: string) => parseWordPressDate(value)?.toISOString();

describe('WordPress dates, as rest_parse_date reads them (issue 45 point 4)', () => {
  it('reads RFC 3339 with Z, +hh:mm, +hhmm and hour-only +hh, and a fraction (dropped)', () => {
    assert.equal(iso('2030-01-01T09:30:00Z'), '2030-01-01T09:30:00.000Z');
    assert.equal(iso('2030-01-01T09:30:00+02:00'), '2030-01-01T07:30:00.000Z');
    assert.equal(iso('2030-01-01T09:30:00+0200'), '2030-01-01T07:30:00.000Z');
    assert.equal(iso('2030-01-01T09:30:00+02'), '2030-01-01T07:30:00.000Z');
    assert.equal(iso('2030-01-01T09:30:00-05'), '2030-01-01T14:30:00.000Z');
    assert.equal(iso('2030-01-01T01:30:00+05:30'), '2029-12-31T20:00:00.000Z');
    assert.equal(iso('2030-01-01T09:30:00.789Z'), '2030-01-01T09:30:00.000Z');
    assert.equal(iso('2030-01-01t09:30:00Z'), '2030-01-01T09:30:00.000Z');
  });

  it('reads a date without a zone, with T or a space, in site time (UTC)', () => {
    assert.equal(iso('2030-01-01 09:30:00'), '2030-01-01T09:30:00.000Z');
    assert.equal(iso('2030-01-01T09:30:00'), '2030-01-01T09:30:00.000Z');
  });

  it('refuses every other form, and times that do not exist', () => {
    for (const value of [
      'Tue, 01 Jan 2030 00:00:00 GMT',
      '2030-01-01',
      '2030-01-01T09:30',
      '2030-01-01T09:30:00 GMT',
      '2030-01-01T09:30:00z',
      '2030-01-01T09:30:00+2',
      '1893456000',
      '2030-02-30T00:00:00',
      '2030-13-01T00:00:00',
      '2030-01-01T24:00:00',
      '2030-01-01T09:60:00',
      '2030-01-01T09:30:00+24:00',
      ' 2030-01-01T09:30:00Z',
      '',
    ])
      assert.equal(parseWordPressDate(value), undefined, value);
  });

  it('a post request with a date WordPress cannot read is refused naming the field', () => {
    for (const field of ['date', 'date_gmt']) {
      const result = postRequestSchema.safeParse({ title: 'T', [field]: 'Tue, 01 Jan 2030 00:00:00 GMT' });
      assert.equal(result.success, false, field);
      assert.deepEqual(
        result.error?.issues.map((issue) => issue.path.join('.')),
        [field]
      );
    }
    assert.equal(postRequestSchema.safeParse({ date: '2030-01-01T09:30:00+02' }).success, true);
    assert.equal(postRequestSchema.safeParse({ date: null }).success, true);
  });

  it('date is read before date_gmt, as WordPress picks them', () => {
    assert.equal(
      postDate({ date: '2030-01-01T09:00:00+01', date_gmt: '2031-01-01T00:00:00' })?.toISOString(),
      '2030-01-01T08:00:00.000Z'
    );
    assert.equal(postDate({ date_gmt: '2031-01-01 00:00:00' })?.toISOString(), '2031-01-01T00:00:00.000Z');
  });
});

describe('method override, as WP_REST_Server honours it (issue 45 point 6)', () => {
  const route = '/wp/v2/posts/7';
  const endpointOf = (method: string, query: string, header?: string) => {
    const routed = routedMethod(method, query, header);
    return 'method' in routed ? matchEndpoint(routed.method, route) : null;
  };

  it('the header or ?_method= replaces a POST (the query first, its last value), upper-cased', () => {
    assert.deepEqual(routedMethod('POST', '', 'PUT'), { method: 'PUT' });
    assert.deepEqual(routedMethod('POST', '_method=patch', 'DELETE'), { method: 'PATCH' });
    assert.deepEqual(routedMethod('POST', '_method=put&_method=delete', undefined), { method: 'DELETE' });
    assert.deepEqual(routedMethod('PUT', '', undefined), { method: 'PUT' });
    assert.equal(endpointOf('POST', '_method=PUT')?.name, 'posts.update');
  });

  it('an override to a method no route takes is refused as that method, never an update', () => {
    assert.equal(endpointOf('POST', '', 'DELETE'), null);
    assert.equal(endpointOf('POST', '_method=DELETE'), null);
    assert.equal(endpointOf('PUT', '_method=DELETE'), null);
    assert.equal(endpointOf('POST', '', ''), null);
    assert.equal(endpointOf('POST', '_method=', 'PUT'), null);
    assert.equal(endpointOf('POST', '', 'PUT, DELETE'), null);
  });

  it('a GET or HEAD is never turned into a write; a write overridden to GET reads', () => {
    assert.deepEqual(routedMethod('GET', '_method=POST', undefined), { refused: true });
    assert.deepEqual(routedMethod('HEAD', '', 'PUT'), { refused: true });
    assert.deepEqual(routedMethod('GET', '_method=DELETE', undefined), { refused: true });
    assert.deepEqual(routedMethod('GET', '_method=head', undefined), { method: 'HEAD' });
    assert.equal(endpointOf('POST', '', 'GET')?.name, 'posts.get');
  });
});

describe('text cleaned as on the service contract door (issue 45 point 8)', () => {
  const dirty = (text: string) => `\u202E${text.slice(0, 2)}\u200B${text.slice(2)}\u0007\u0000\n!\uFEFF`;

  it('post titles, as text or {raw}', () => {
    assert.equal(postRequestSchema.parse({ title: dirty('Spring sale') }).title, 'Spring sale !');
    assert.equal(postRequestSchema.parse({ title: { raw: dirty('Spring sale') } }).title, 'Spring sale !');
  });

  it('term names; a name of invisible characters only is missing', () => {
    assert.equal(termRequestSchema.parse({ name: dirty('Gardening') }).name, 'Gardening !');
    assert.equal(termRequestSchema.safeParse({ name: '\u200B\u202E\u0000' }).success, false);
  });

  it('media alt_text, caption and title', () => {
    const fields = mediaFieldsSchema.parse({
      alt_text: dirty('A red tomato'),
      caption: dirty('Ripe in August'),
      title: { raw: dirty('A tomato') },
    });
    assert.equal(fields.alt_text, 'A red tomato !');
    assert.equal(fields.caption, 'Ripe in August !');
    assert.equal(fields.title, 'A tomato !');
  });
});

describe('XML-RPC disabled (issue 45 point 12)', () => {
  it("is IXR's fault document", () => {
    const xml = xmlrpcFault(XMLRPC_DISABLED.code, XMLRPC_DISABLED.message);
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<methodResponse>\n {2}<fault>/);
    assert.match(xml, /<name>faultCode<\/name>\s*<value><int>405<\/int><\/value>/);
    assert.match(
      xml,
      /<name>faultString<\/name>\s*<value><string>XML-RPC services are disabled on this site\.<\/string><\/value>/
    );
    assert.match(xmlrpcFault(1, 'a < b & c'), /<string>a &lt; b &amp; c<\/string>/);
  });
});
