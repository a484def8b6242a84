import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** The first line of a stream (a password piped to a command-line tool), without its newline. */
export async function readSecretLine(input: Readable): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** Asks on the terminal without echoing what is typed (a password). */
export function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new Error('Cancelado.'));
          return;
        }
        typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    stdin.on('data', onData);
  });
}
