/** The one function svg-to-pdfkit 0.1.8 exports (it ships no types). */
declare module 'svg-to-pdfkit' {
  export interface SvgToPdfOptions {
    width?: number;
    height?: number;
    /** The font to use for an SVG font family: a font name registered on the document. */
    fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
  }
  /** Draws an SVG onto the current page of a PDFKit document at (x, y), points. */
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: SvgToPdfOptions,
  ): void;
}
