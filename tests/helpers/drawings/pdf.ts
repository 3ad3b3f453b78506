/**
 * An SVG plot (svg.ts) as a vector PDF, for the round trip through the PDF reader: one page the
 * size of the sheet, its lines as PDF paths and its texts as PDF text (PDFKit with svg-to-pdfkit),
 * set in DejaVu Sans (a Debian font) embedded, as a CAD program's PDF export writes them.
 */
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

/** The Debian font the SVG names, embedded so that Ø, ⌀, ∅ and ± are text. */
const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_NAME = 'DejaVu Sans';
/**
 * A Debian font with the ISO 15786 countersink symbol ⌵ as well (DejaVu Sans lacks it); it lacks
 * the counterbore's ⌴ too, which pdf.js then reads as a glyph without Unicode, as from a CAD
 * export whose font lacks it (decision 075).
 */
export const SYMBOLS_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
const PT_PER_MM = 72 / 25.4;

/**
 * Writes an SVG whose size is given in mm as a one-page PDF of the same size.
 *
 * @param svg - SVG text (width and height in mm, as svg.ts writes it)
 * @param fontFile - the TrueType font its texts are set in: DejaVu Sans, or DejaVu Sans Mono
 *   when the texts hold the ISO 15786 hole symbols ⌴ ⌵ that DejaVu Sans lacks (a CAD export
 *   embeds a font that has the glyphs it sets)
 * @returns the PDF bytes
 * @throws Error when the SVG has no size in mm
 */
export async function svgToPdf(
  svg: string,
  fontFile = /[⌴⌵]/.test(svg) ? SYMBOLS_FONT_FILE : FONT_FILE,
): Promise<Buffer> {
  const sizeOf = (name: 'width' | 'height') => {
    const match = new RegExp(`${name}="([\\d.]+)mm"`).exec(svg);
    if (!match) throw new Error(`svgToPdf: the SVG has no ${name} in mm`);
    return Number(match[1]) * PT_PER_MM;
  };
  const [width, height] = [sizeOf('width'), sizeOf('height')];
  const doc = new PDFDocument({ size: [width, height], margin: 0, compress: false });
  doc.registerFont(FONT_NAME, fontFile);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, { width, height, fontCallback: () => FONT_NAME });
  doc.end();
  return ended;
}
