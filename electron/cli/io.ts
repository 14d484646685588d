import { once } from 'node:events';
import { createInterface } from 'node:readline/promises';

// The terminal as the commands see it; tests of the real binary drive it through pipes.

export interface CliIo {
  out(text: string): void;
  /** Writes a piece of a long output, waiting while the reader of stdout catches up. */
  outPiece(text: string): Promise<void>;
  err(text: string): void;
  /** Progress bars are drawn only on a terminal. */
  stderrIsTty: boolean;
  stdinIsTty: boolean;
  /** All of standard input (for secrets piped in). */
  readStdin(): Promise<string>;
  /** Asks on the terminal; the answer is shown as typed. */
  readLine(prompt: string): Promise<string>;
  /** Asks on the terminal without echoing what is typed. */
  readHidden(prompt: string): Promise<string>;
}

export function processIo(): CliIo {
  return {
    out: (text) => void process.stdout.write(text),
    async outPiece(text) {
      if (!process.stdout.write(text)) await once(process.stdout, 'drain');
    },
    err: (text) => void process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY === true,
    stdinIsTty: process.stdin.isTTY === true,
    async readStdin() {
      let text = '';
      for await (const chunk of process.stdin) text += String(chunk);
      return text;
    },
    async readLine(prompt) {
      const lines = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await lines.question(prompt);
      } finally {
        lines.close();
      }
    },
    readHidden,
  };
}

function readHidden(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
