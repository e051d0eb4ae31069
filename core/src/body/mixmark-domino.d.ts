// @mixmark-io/domino (turndown's own DOM) ships no types; only what the Markdown writer uses is declared.
declare module '@mixmark-io/domino' {
  export interface DominoNode {
    appendChild(child: DominoNode): DominoNode;
  }
  export interface DominoElement extends DominoNode {
    setAttribute(name: string, value: string): void;
  }
  export interface DominoDocument {
    createElement(name: string): DominoElement;
    createTextNode(text: string): DominoNode;
  }
  export function createDocument(html?: string, force?: boolean): DominoDocument;
}
