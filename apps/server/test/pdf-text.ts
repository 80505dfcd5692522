import zlib from 'node:zlib';

/** The WinAnsi characters at 0x80–0x9F (unused codes as spaces); the rest is Latin-1. */
const WIN_ANSI_80_9F = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';
const winAnsi = (bytes: Buffer): string => [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_80_9F[b - 0x80]! : String.fromCharCode(b))).join('');

/**
 * The text of a PDF made by pdfkit with its standard fonts, line by line: its content streams
 * inflated, the hex strings of each TJ joined (WinAnsi: Latin-1 with € – „ “ • … at 0x80–0x9F).
 * Enough to check what a document says without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('\nendstream', at);
    if (end === -1) break;
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(at + 7, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      lines.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi(Buffer.from(h[1]!, 'hex'))).join(''));
    }
    at = end;
  }
  return lines.join('\n');
}
