export const PLUGIN_ID = 'article-publisher';
