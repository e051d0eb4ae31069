/**
 * WordPress's `xmlrpc.php` with XML-RPC disabled (the `xmlrpc_enabled` filter false), as a client sees
 * it: the methods that need no login still answer (`mt.supportedMethods`, `system.listMethods`), every
 * other call gets the fault 405 "XML-RPC services are disabled on this site.". `?rsd` is the Really
 * Simple Discovery document; anything but a POST gets IXR_Server's plain-text 405.
 */
export const XMLRPC_PATH = '/xmlrpc.php';

export const XMLRPC_DISABLED = { code: 405, message: 'XML-RPC services are disabled on this site.' } as const;

/** The methods a WordPress registers (wp_xmlrpc_server's constructor), in its order. */
export const WORDPRESS_XMLRPC_METHODS: readonly string[] = [
  ...[
    'getUsersBlogs',
    'newPost',
    'editPost',
    'deletePost',
    'getPost',
    'getPosts',
    'newTerm',
    'editTerm',
    'deleteTerm',
    'getTerm',
    'getTerms',
    'getTaxonomy',
    'getTaxonomies',
    'getUser',
    'getUsers',
    'getProfile',
    'editProfile',
    'getPage',
    'getPages',
    'newPage',
    'deletePage',
    'editPage',
    'getPageList',
    'getAuthors',
    'getCategories',
    'getTags',
    'newCategory',
    'deleteCategory',
    'suggestCategories',
    'uploadFile',
    'deleteFile',
    'getCommentCount',
    'getPostStatusList',
    'getPageStatusList',
    'getPageTemplates',
    'getOptions',
    'setOptions',
    'getComment',
    'getComments',
    'deleteComment',
    'editComment',
    'newComment',
    'getCommentStatusList',
    'getMediaItem',
    'getMediaLibrary',
    'getPostFormats',
    'getPostType',
    'getPostTypes',
    'getRevisions',
    'restoreRevision',
  ].map((name) => `wp.${name}`),
  ...['getUsersBlogs', 'getUserInfo', 'getPost', 'getRecentPosts', 'newPost', 'editPost', 'deletePost'].map(
    (name) => `blogger.${name}`
  ),
  ...[
    'newPost',
    'editPost',
    'getPost',
    'getRecentPosts',
    'getCategories',
    'newMediaObject',
    'deletePost',
    'getUsersBlogs',
  ].map((name) => `metaWeblog.${name}`),
  ...[
    'getCategoryList',
    'getRecentPostTitles',
    'getPostCategories',
    'setPostCategories',
    'supportedMethods',
    'supportedTextFilters',
    'getTrackbackPings',
    'publishPost',
  ].map((name) => `mt.${name}`),
  'pingback.ping',
  'pingback.extensions.getPingbacks',
  'demo.sayHello',
  'demo.addTwoNumbers',
];

/** IXR_Server adds its own three after the site's methods. */
const SERVER_METHODS = ['system.getCapabilities', 'system.listMethods', 'system.multicall'];

/**
 * The answer to a call that needs no login, or null for every other (the fault). `mt.supportedMethods`
 * lists the site's methods; `system.listMethods` every callback, reversed, as IXR_Server lists them.
 */
export function answerWithoutLogin(method: string | null): string[] | null {
  if (method === 'mt.supportedMethods') return [...WORDPRESS_XMLRPC_METHODS];
  if (method === 'system.listMethods') return [...WORDPRESS_XMLRPC_METHODS, ...SERVER_METHODS].reverse();
  return null;
}

/** The method a `<methodCall>` names; null when the document names none. */
export function xmlrpcMethodName(body: string): string | null {
  const match = /<methodCall\b[^>]*>\s*<methodName>\s*([A-Za-z0-9_.:/]{1,100})\s*<\/methodName>/.exec(body);
  return match ? match[1] : null;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The fault document, as IXR_Error::getXml() writes it, after IXR_Server::output()'s declaration. */
export function xmlrpcFault(code: number, message: string): string {
  return `${DECLARATION}<methodResponse>
  <fault>
    <value>
      <struct>
        <member>
          <name>faultCode</name>
          <value><int>${code}</int></value>
        </member>
        <member>
          <name>faultString</name>
          <value><string>${escapeXml(message)}</string></value>
        </member>
      </struct>
    </value>
  </fault>
</methodResponse>
`;
}

/** A response whose one value is an array of strings (a method list). */
export function xmlrpcStringArray(values: readonly string[]): string {
  const items = values.map((value) => `  <value><string>${escapeXml(value)}</string></value>`).join('\n');
  return `${DECLARATION}<methodResponse>
  <params>
    <param>
      <value>
      <array><data>
${items}
</data></array>
      </value>
    </param>
  </params>
</methodResponse>
`;
}

/**
 * `xmlrpc.php?rsd`: the APIs WordPress advertises, the REST API (`WP-API`) among them. XML-RPC's own
 * entries stay, as a WordPress with XML-RPC disabled still lists them.
 */
export function rsdDocument(input: { homeUrl: string; xmlrpcUrl: string; apiRoot: string }): string {
  const api = (name: string, preferred: boolean, link: string) =>
    `      <api name="${name}" blogID="1" preferred="${preferred}" apiLink="${escapeXml(link)}" />`;
  return `${DECLARATION}<rsd version="1.0" xmlns="http://archipelago.phrasewise.com/rsd">
  <service>
    <engineName>WordPress</engineName>
    <engineLink>https://wordpress.org/</engineLink>
    <homePageLink>${escapeXml(input.homeUrl)}</homePageLink>
    <apis>
${[
  api('WordPress', true, input.xmlrpcUrl),
  api('Movable Type', false, input.xmlrpcUrl),
  api('MetaWeblog', false, input.xmlrpcUrl),
  api('Blogger', false, input.xmlrpcUrl),
  api('WP-API', false, `${input.apiRoot}/`),
].join('\n')}
    </apis>
  </service>
</rsd>
`;
}

/** IXR_Server's answer to anything but a POST. */
export const XMLRPC_POST_ONLY = 'XML-RPC server accepts POST requests only.';
