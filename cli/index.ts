#!/usr/bin/env node
// The `article-publisher` bin. Kept to the entry point so that `main` stays testable without a process.
import { main } from './main';

main(process.argv.slice(2)).then(
  (code) => {
    // exitCode, not exit(): let piped output drain first.
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `article-publisher: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`
    );
    process.exitCode = 1;
  }
);
