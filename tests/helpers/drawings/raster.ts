/**
 * An SVG plot (svg.ts) as a PNG scan, for the raster round trip through the image reader:
 * rendered by resvg (@resvg/resvg-js) with the system's fonts, so that the texts set in
 * DejaVu Sans are drawn as text.
 */
import { Resvg } from '@resvg/resvg-js';

/** The Debian font the SVG names; resvg falls back to it for glyphs it lacks elsewhere. */
const FONT_FAMILY = 'DejaVu Sans';

/**
 * Renders an SVG whose size is given in mm at `dpi` dots per inch, on white.
 *
 * @param svg - SVG text (width and height in mm, as svg.ts writes it)
 * @param dpi - resolution of the scan, dots per inch (150 by default: a 100 mm part is 591 px)
 * @returns the PNG bytes
 * @throws Error from resvg when the SVG cannot be parsed
 */
export function svgToPng(svg: string, dpi = 150): Buffer {
  // resvg sizes mm at 96 px per inch; zoom to the wanted resolution.
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: dpi / 96 },
    background: 'white',
    font: { loadSystemFonts: true, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}
