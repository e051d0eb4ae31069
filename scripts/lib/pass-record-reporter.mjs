// A node:test reporter for scripts/test.js: one JSON line per finished top-level test (its file and its
// duration in ms, added up per file to print each pass's slowest files) and the run's closing counts as
// `# pass N` / `# fail N` lines.
export default async function* passRecord(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      yield `${JSON.stringify({ file: event.data.file ?? '', ms: event.data.details?.duration_ms ?? 0 })}\n`;
    } else if (event.type === 'test:diagnostic' && event.data.nesting === 0) {
      yield `# ${event.data.message}\n`;
    }
  }
}
