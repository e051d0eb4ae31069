/**
 * How many times article HTML went through a parser in this process (issue #30: an article is parsed
 * once, not once per step). Every parse of article HTML in core/ counts itself here; the parse-count
 * test reads the difference around one publish. A plain counter: it changes nothing the plugin does.
 */
let runs = 0;

export const htmlParses = {
  /** Called by each parser run over article HTML (htmlparser2, sanitize-html, turndown). */
  count(): void {
    runs++;
  },
  get runs(): number {
    return runs;
  },
};
