import { Parser } from 'htmlparser2';

export interface HtmlElement {
  kind: 'element';
  name: string;
  attribs: Record<string, string>;
  children: HtmlNode[];
}

export interface HtmlText {
  kind: 'text';
  text: string;
}

export type HtmlNode = HtmlElement | HtmlText;

/**
 * A minimal element tree of an HTML fragment (entities decoded, tag names lower case). Built here
 * from htmlparser2's events so the converter needs no DOM library of its own.
 */
export function parseHtmlTree(html: string): HtmlNode[] {
  const root: HtmlElement = { kind: 'element', name: '#root', attribs: {}, children: [] };
  const open: HtmlElement[] = [root];
  const current = () => open[open.length - 1];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const element: HtmlElement = { kind: 'element', name, attribs, children: [] };
        current().children.push(element);
        open.push(element);
      },
      ontext(text) {
        const siblings = current().children;
        const last = siblings[siblings.length - 1];
        // The parser may report one text in pieces; keep it as one node.
        if (last?.kind === 'text') last.text += text;
        else siblings.push({ kind: 'text', text });
      },
      onclosetag() {
        // htmlparser2 closes implied and void elements itself, one event per element.
        if (open.length > 1) open.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true }
  );
  parser.write(html);
  parser.end();
  return root.children;
}

/** The text of a node and its descendants, as written. */
export function textOf(node: HtmlNode): string {
  return node.kind === 'text' ? node.text : node.children.map(textOf).join('');
}
