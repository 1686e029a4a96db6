/** The text of a PDF, page by page, as a reader extracts it (Mozilla's pdf.js): what a document says. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The metrics of the 14 standard PDF fonts (Helvetica…), which pdf.js ships beside its code. */
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js wants a plain Uint8Array, not a Buffer.
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    standardFontDataUrl,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  // One space for any run of blanks (pdf.js splits and joins runs its own way).
  return pages.join('\n').replace(/[\s\u00a0]+/g, ' ');
}

/** The PDF attached to a raw .eml (a base64 part, as nodemailer writes it), or null. */
export function pdfAttachment(eml: string): Uint8Array | null {
  const parts = eml.replace(/\r\n/g, '\n').split(/\n--[^\n]+\n/);
  const part = parts.find((p) => /^Content-Type: application\/pdf/im.test(p));
  if (!part) return null;
  const body = part
    .split('\n\n')
    .slice(1)
    .join('\n\n')
    .replace(/\n--[^\n]*--\s*$/, '');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}
