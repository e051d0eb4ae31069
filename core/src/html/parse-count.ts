/**
 * How many times article HTML went through a parser in this process (issue #30: an article is parsed
 * once, not once per step). Every parse of article HTML in core/ counts itself here; the parse-count
 * test reads the difference around one publish. A plain counter: it changes nothing the plugin does.
 * Only tests read it, and it stays in the production files on purpose: the count must come from the
 * parsers the publish really runs (a test-side wrapper would count only the calls the test knows of),
 * and an increment per parse costs nothing next to the parse.
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
