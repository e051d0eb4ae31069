// turndown-plugin-gfm ships no types; only what the Markdown converter uses is declared.
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
}
