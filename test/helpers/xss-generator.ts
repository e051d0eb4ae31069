import type { XssPayload } from './xss-corpus';
import {
  attribute,
  HANDLER_VALUE_ENCODINGS,
  NAME_STYLES,
  QUOTINGS,
  seededRandom,
  SEPARATORS,
  URL_BODY_ENCODINGS,
  type Quoting,
} from './xss-encodings';
import {
  ACTIONS,
  BREAKOUTS,
  COMMENT_TRICKS,
  CORES,
  FIRING_ELEMENTS,
  HANDLER_ELEMENTS,
  HANDLERS,
  JAVASCRIPT_SCHEMES,
  MUTATION_CONTEXTS,
  OTHER_SCRIPT_URLS,
  QUOTING_TRICKS,
  SCRIPT_FORMS,
  SRCDOC_FORMS,
  URL_CARRIERS,
  type FiringElement,
} from './xss-vocabulary';

/** Fixed, so every run and every machine renders the same corpus. */
const SEED = 33;

type Pick = <T>(items: readonly T[]) => T;

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{([A-Z])\}/g, (_, key: string) => values[key] ?? '');

/** Every element with every handler, the script and quoting picked per pair. */
function* handlerFamily(pick: Pick): Generator<XssPayload> {
  for (const [element, template] of HANDLER_ELEMENTS) {
    for (const handler of HANDLERS) {
      const quoting = pick(QUOTINGS);
      yield {
        source: `generated: handler ${handler} on ${element}, ${quoting}`,
        payload: fill(template, { A: attribute(handler, pick(ACTIONS), quoting) }),
      };
    }
  }
}

/**
 * A firing element with its handler attribute, every attribute after the given separator. A slash
 * would join an unquoted value to the next attribute, so before a slash the values are quoted.
 */
function writeFiring(element: FiringElement, handlerAttribute: string, separator: string): string {
  const attributes = element.attributes.map((written) =>
    separator === '/' ? written.replace(/=(.*)$/, '="$1"') : written
  );
  const inside = [...attributes, handlerAttribute].map((written) => `${separator}${written}`).join('');
  return `${element.before}<${element.tag}${inside}>${element.after}`;
}

/** The firing elements written with every quoting and separator (the name's case picked per payload). */
function* syntaxFamily(pick: Pick): Generator<XssPayload> {
  for (const element of FIRING_ELEMENTS) {
    for (const quoting of QUOTINGS) {
      for (const [separatorName, separator] of SEPARATORS) {
        const [styleName, style] = pick(NAME_STYLES);
        const value = attribute('x', pick(ACTIONS), quoting).slice('x='.length);
        yield {
          source: `generated: syntax ${element.tag} ${element.handler}, ${quoting}, ${separatorName} separator, ${styleName}`,
          payload: writeFiring(element, `${style(element.handler)}${value}`, separator),
        };
      }
    }
  }
}

/** The firing elements with their script disguised every way, three scripts each. */
function* handlerValueFamily(pick: Pick): Generator<XssPayload> {
  for (const element of FIRING_ELEMENTS) {
    for (const [encodingName, encode] of HANDLER_VALUE_ENCODINGS) {
      for (let round = 0; round < 3; round += 1) {
        yield {
          source: `generated: handler value ${encodingName} in ${element.tag} ${element.handler}`,
          payload: writeFiring(element, attribute(element.handler, encode(pick(ACTIONS)), 'double'), ' '),
        };
      }
    }
  }
}

function* quotingTrickFamily(pick: Pick): Generator<XssPayload> {
  for (const [name, template] of QUOTING_TRICKS) {
    for (let round = 0; round < 4; round += 1) {
      yield { source: `generated: quoting trick, ${name}`, payload: fill(template, { S: pick(ACTIONS) }) };
    }
  }
}

/** Every carrier with every javascript: spelling and body disguise; then the other script URLs. */
function* urlFamily(pick: Pick): Generator<XssPayload> {
  for (const [carrier, template] of URL_CARRIERS) {
    const write = (url: string, quoting: Quoting) =>
      template.replace(/\{U:([a-z:]+)\}/, (_, name: string) => attribute(name, url, quoting));
    for (const [schemeName, scheme] of JAVASCRIPT_SCHEMES) {
      for (const [bodyName, encodeBody] of URL_BODY_ENCODINGS) {
        const quoting = pick(QUOTINGS);
        yield {
          source: `generated: url ${carrier}, ${schemeName} javascript:, ${bodyName} body, ${quoting}`,
          payload: write(`${scheme}${encodeBody(pick(ACTIONS))}`, quoting),
        };
      }
    }
    for (const [urlName, url] of OTHER_SCRIPT_URLS) {
      const quoting = pick(QUOTINGS);
      yield {
        source: `generated: url ${carrier}, ${urlName}, ${quoting}`,
        payload: write(url(pick(ACTIONS)), quoting),
      };
    }
  }
}

function* scriptFamily(): Generator<XssPayload> {
  for (const [form, write] of SCRIPT_FORMS) {
    for (const action of ACTIONS) {
      yield { source: `generated: script element, ${form}`, payload: write(action) };
    }
  }
}

/** Every firing core inside every parsing context, comment trick and breakout. */
function* contextFamily(pick: Pick): Generator<XssPayload> {
  const contexts = [
    ...MUTATION_CONTEXTS.map(([name, template]) => [`mutation context ${name}`, template]),
    ...COMMENT_TRICKS.map(([name, template]) => [`comment trick ${name}`, template]),
    ...BREAKOUTS.map(([name, template]) => [`breakout ${name}`, template]),
  ];
  for (const [contextName, template] of contexts) {
    for (const [coreName, core] of CORES) {
      yield {
        source: `generated: ${contextName}, ${coreName}`,
        payload: fill(template, { P: core(pick(ACTIONS)) }),
      };
    }
  }
}

function* srcdocFamily(pick: Pick): Generator<XssPayload> {
  for (const [form, write] of SRCDOC_FORMS) {
    for (const [coreName, core] of CORES) {
      yield { source: `generated: srcdoc ${form}, ${coreName}`, payload: write(core(pick(ACTIONS))) };
    }
  }
}

/**
 * The project's own adversarial corpus: several thousand payloads combined from the pieces in
 * xss-vocabulary.ts and the encodings in xss-encodings.ts. Deterministic (a fixed seed picks the
 * variants), so a failure names a payload that is there on every run. Duplicates are dropped.
 */
export function generateXssCorpus(): XssPayload[] {
  const random = seededRandom(SEED);
  const pick: Pick = (items) => items[Math.floor(random() * items.length)];
  const families = [
    handlerFamily(pick),
    syntaxFamily(pick),
    handlerValueFamily(pick),
    quotingTrickFamily(pick),
    urlFamily(pick),
    scriptFamily(),
    contextFamily(pick),
    srcdocFamily(pick),
  ];
  const seen = new Set<string>();
  const corpus: XssPayload[] = [];
  for (const family of families) {
    for (const entry of family) {
      if (seen.has(entry.payload)) continue;
      seen.add(entry.payload);
      corpus.push(entry);
    }
  }
  return corpus;
}

/** The family a generated payload's source names (the words before its first comma). */
export const familyOf = (source: string) => source.replace(/^generated: /, '').split(/[ ,]/)[0];
