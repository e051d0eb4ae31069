/* global window, document, navigator, Document, Event, FocusEvent, MouseEvent, XMLHttpRequest */
// Runs in the page before any of its content (CDP Page.addScriptToEvaluateOnNewDocument), in every frame. It replaces
// the sinks an XSS payload reaches for with recorders, and reports every call to the test through the
// CDP binding the test adds (__xssReport), so a record survives the page navigating away. It also listens
// for the Content-Security-Policy-Report-Only violations the test's response header produces: that
// policy allows no script at all, so any script the content runs (inline, handler attribute,
// javascript: URL, eval) is reported even when it calls none of the hooked sinks.
// Plain browser JavaScript: the project's TypeScript has no DOM library.
(() => {
  const report = window.__xssReport;
  if (typeof report !== 'function') return;

  /** The test's document this frame belongs to (srcdoc frames share its origin), so a late report is not
   * taken for the next document's. */
  function testDocument() {
    try {
      return window.top.location.pathname;
    } catch {
      return null;
    }
  }
  /** The payload container ([data-payload]) holding an element, or holding this frame's element: in an
   * isolated document (see isolatedDocumentFor) each payload is a document of its own, in a frame. */
  function payloadOf(element) {
    const container =
      element && typeof element.closest === 'function' ? element.closest('[data-payload]') : null;
    if (container) return Number(container.getAttribute('data-payload'));
    try {
      for (let frame = window; frame !== frame.top; frame = frame.parent) {
        const holder = frame.frameElement && frame.frameElement.closest('[data-payload]');
        if (holder) return Number(holder.getAttribute('data-payload'));
      }
    } catch {
      // A cross-origin ancestor: the frame cannot be placed.
    }
    return null;
  }
  /** The payload of the element that is running, when the browser tells us. */
  function currentPayload() {
    return payloadOf(document.currentScript || (window.event && window.event.target));
  }
  function record(kind, detail) {
    let text;
    try {
      text = String(detail).slice(0, 200);
    } catch {
      text = '(unprintable)';
    }
    report(JSON.stringify({ kind, detail: text, payload: currentPayload(), document: testDocument() }));
  }
  const recorder = (kind, result) =>
    function hooked(...args) {
      record(
        kind,
        args.map((arg) => (['string', 'number'].includes(typeof arg) ? String(arg) : typeof arg)).join(', ')
      );
      return result;
    };

  for (const name of ['alert', 'print', 'open', 'postMessage']) window[name] = recorder(name, undefined);
  window.confirm = recorder('confirm', false);
  window.prompt = recorder('prompt', null);
  window.eval = recorder('eval', undefined);
  const functionPrototype = Function.prototype;
  const hookedFunction = recorder('Function', () => undefined);
  // `Function.prototype` must stay the real one; `(function(){}).constructor('code')` reaches Function
  // without the global name.
  hookedFunction.prototype = functionPrototype;
  Object.defineProperty(functionPrototype, 'constructor', { value: hookedFunction });
  window.Function = hookedFunction;
  const { setTimeout: realSetTimeout, setInterval: realSetInterval } = window;
  // A string handler is eval; a function handler is passed on (it means script already ran, and says so).
  window.setTimeout = (handler, ...rest) =>
    typeof handler === 'string' ? record('setTimeout(string)', handler) : realSetTimeout(handler, ...rest);
  window.setInterval = (handler, ...rest) =>
    typeof handler === 'string' ? record('setInterval(string)', handler) : realSetInterval(handler, ...rest);
  window.fetch = recorder('fetch', new Promise(() => {}));
  navigator.sendBeacon = recorder('sendBeacon', true);
  XMLHttpRequest.prototype.open = recorder('XMLHttpRequest', undefined);
  XMLHttpRequest.prototype.send = recorder('XMLHttpRequest', undefined);
  for (const name of ['WebSocket', 'EventSource', 'Worker', 'SharedWorker']) {
    window[name] = function Hooked(url) {
      record(name, url);
    };
  }
  for (const name of ['write', 'writeln']) Document.prototype[name] = recorder(`document.${name}`, undefined);
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get() {
      return cookie.get.call(this);
    },
    set(value) {
      record('document.cookie=', value);
    },
  });
  for (const name of ['pushState', 'replaceState'])
    window.history[name] = recorder(`history.${name}`, undefined);

  document.addEventListener('securitypolicyviolation', (event) => {
    const detail = `${event.effectiveDirective} ${event.blockedURI} ${event.sample}`.slice(0, 200);
    report(
      JSON.stringify({ kind: 'csp', detail, payload: payloadOf(event.target), document: testDocument() })
    );
  });

  // Globals that exist before any content: anything new afterwards was set by a script (a marker).
  const globalsBefore = new Set(Object.getOwnPropertyNames(window));

  // With `?round-trip`, each container is serialized and parsed again as soon as the document is parsed
  // (what an editor or an innerHTML copy does, where mutation XSS appears). Done before load, so the
  // images it recreates have failed, and their handlers run, before the test looks.
  if (window === window.top && window.location.search === '?round-trip') {
    document.addEventListener('DOMContentLoaded', () => {
      for (const container of Array.from(document.querySelectorAll('[data-payload]'))) {
        const serialized = container.innerHTML;
        container.innerHTML = serialized;
      }
    });
  }

  /**
   * Fires the events payloads wait for (every on* attribute present, and focus/hover/pointer events on
   * every element; no clicks, which would follow links), in this document and then in the same-origin
   * frames it holds (their own hooks fire theirs).
   */
  function trigger() {
    const generic = [
      'focus',
      'focusin',
      'blur',
      'mouseover',
      'mouseenter',
      'mousemove',
      'mouseout',
      'mousedown',
      'mouseup',
      'pointerover',
      'pointerdown',
      'keydown',
      'input',
      'change',
      'scroll',
      'toggle',
      'animationstart',
      'transitionend',
    ];
    const fire = () => {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const named = Array.from(element.attributes)
          .map((attribute) => attribute.name.toLowerCase())
          .filter((name) => name.startsWith('on'))
          .map((name) => name.slice(2));
        for (const type of new Set([...named, ...generic])) {
          const init = { bubbles: true, cancelable: true };
          const event =
            type.startsWith('focus') || type === 'blur'
              ? new FocusEvent(type, init)
              : type.startsWith('mouse')
                ? new MouseEvent(type, init)
                : new Event(type, init);
          try {
            element.dispatchEvent(event);
          } catch {
            // A handler that throws still ran, and the CSP listener has reported it.
          }
        }
        if (typeof element.focus === 'function') element.focus();
      }
    };
    fire();
    for (const frame of Array.from(document.querySelectorAll('iframe, frame, object, embed'))) {
      try {
        const harness = frame.contentWindow && frame.contentWindow.__xssHarness;
        if (harness) harness.trigger();
      } catch {
        // A cross-origin frame (an approved embed, an error page): not the content's document.
      }
    }
  }

  /** What the browser made of the content: attributes a sanitized article must never carry. */
  function unsafeAttributes() {
    const found = [];
    const allowedSchemes = new Set(['http:', 'https:', 'mailto:']);
    for (const element of Array.from(document.querySelectorAll('[data-payload] *'))) {
      const container = element.closest('[data-payload]');
      const payload = Number(container.getAttribute('data-payload'));
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        let problem = null;
        if (name.startsWith('on')) problem = 'event handler attribute';
        else if (name === 'style') problem = 'style attribute';
        else if (
          [
            'href',
            'src',
            'action',
            'formaction',
            'xlink:href',
            'data',
            'srcdoc',
            'background',
            'poster',
          ].includes(name)
        ) {
          if (name === 'srcdoc') problem = 'srcdoc';
          else {
            let scheme;
            try {
              scheme = new URL(attribute.value, document.baseURI).protocol;
            } catch {
              scheme = null;
            }
            const image =
              element.localName === 'img' && name === 'src' && /^data:image\//i.test(attribute.value.trim());
            if (scheme !== null && !allowedSchemes.has(scheme) && !image) problem = `${scheme} URL`;
          }
        }
        if (problem)
          found.push({
            payload,
            problem,
            markup: `${element.localName} ${name}="${attribute.value.slice(0, 80)}"`,
          });
      }
    }
    return found;
  }

  function newGlobals() {
    return Object.getOwnPropertyNames(window).filter(
      (name) => !globalsBefore.has(name) && !/^\d+$/.test(name)
    );
  }

  /** Fires the events, lets late events and short timers run, then says what the page holds. */
  async function run(settleMs) {
    trigger();
    await new Promise((resolve) => realSetTimeout(resolve, settleMs));
    return { globals: newGlobals(), unsafeAttributes: unsafeAttributes() };
  }

  Object.defineProperty(window, '__xssHarness', { value: { run, trigger }, enumerable: false });
  globalsBefore.add('__xssHarness');
})();
