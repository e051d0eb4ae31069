// A node:test reporter for scripts/test.js: the run's closing counts as `# pass N` / `# fail N` lines
// (a job's wall time is measured by the runner itself).
export default async function* passRecord(source) {
  for await (const event of source) {
    if (event.type === 'test:diagnostic' && event.data.nesting === 0) yield `# ${event.data.message}\n`;
  }
}
