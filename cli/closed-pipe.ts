// A reader that stops early (`kioku call … | head`) closes the pipe: the
// command ends quietly, as `git log | head` does, instead of a stack trace for
// EPIPE. What was committed stays committed; nothing is half-written (every
// write is its own transaction).
export function endQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
}
