import { Parser } from 'htmlparser2';
import { htmlParses } from '../html/parse-count';
import type { WorkMeter } from './work-meter';

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

/** An element node built in code (the renderers' output trees), to be serialized. */
export const htmlElement = (
  name: string,
  children: HtmlNode[] = [],
  attribs: Record<string, string> = {}
): HtmlElement => ({ kind: 'element', name, attribs, children });

/**
 * A minimal element tree of an HTML fragment (entities decoded, tag names lower case). Built here
 * from htmlparser2's events so the converter needs no DOM library of its own. The body converters
 * read a tree and never change it, so one tree can serve every step after the parse.
 */
export function parseHtmlTree(html: string, meter?: WorkMeter): HtmlNode[] {
  const nodes: HtmlNode[] = [];
  forEachTopLevelNode(html, (node) => nodes.push(node), meter);
  return nodes;
}

/**
 * The tree of an HTML fragment one top-level node at a time, each handed over once it is complete
 * (the same nodes as parseHtmlTree), so a converter that needs no more than that need not hold the
 * whole tree: the nodes it is done with are garbage while it goes on.
 */
export function forEachTopLevelNode(html: string, visit: (node: HtmlNode) => void, meter?: WorkMeter): void {
  if (meter) meter.parsedCharacters += html.length;
  htmlParses.count();
  const root: HtmlElement = { kind: 'element', name: '#root', attribs: {}, children: [] };
  const open: HtmlElement[] = [root];
  let current = root;
  /** A node at the top is complete once the next one starts. */
  const handOver = () => {
    for (const node of root.children) visit(node);
    root.children = [];
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const element: HtmlElement = { kind: 'element', name, attribs, children: [] };
        if (current === root) handOver();
        current.children.push(element);
        open.push(element);
        current = element;
      },
      ontext(text) {
        const siblings = current.children;
        const last = siblings[siblings.length - 1];
        // The parser may report one text in pieces; keep it as one node.
        if (last?.kind === 'text') last.text += text;
        else {
          if (current === root) handOver();
          current.children.push({ kind: 'text', text });
        }
      },
      onclosetag() {
        // htmlparser2 closes implied and void elements itself, one event per element.
        if (open.length > 1) {
          open.pop();
          current = open[open.length - 1];
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true }
  );
  parser.write(html);
  parser.end();
  handOver();
}

/** The text of a node and its descendants, as written. */
export function textOf(node: HtmlNode): string {
  if (node.kind === 'text') return node.text;
  const parts: string[] = [];
  const collect = (nodes: HtmlNode[]) => {
    for (const child of nodes) {
      if (child.kind === 'text') parts.push(child.text);
      else collect(child.children);
    }
  };
  collect(node.children);
  return parts.join('');
}
