import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { backplotSvg } from '#cam/backplot';
import { Backplot, checkBackplotText } from '#src/components/Backplot.tsx';

describe('Backplot', () => {
  it('shows the loading state and the zoom buttons, disabled until the drawing is there', () => {
    const html = renderToStaticMarkup(<Backplot src="/api/files/p1/backplot.svg" title="Shaft" />);
    expect(html).toContain('Loading the backplot');
    for (const label of ['Zoom in', 'Zoom out', 'Fit']) {
      expect(html).toMatch(
        new RegExp(`<button type="button" class="button small" disabled="">${label}</button>`),
      );
    }
    expect(html).toContain('role="toolbar"');
    expect(html).not.toContain('could not be loaded');
  });

  it('accepts our backplots and refuses other documents', () => {
    expect(checkBackplotText(backplotSvg([], { plane: 'XY', polygons: [] }))).toBe(true);
    expect(checkBackplotText('<html><body>login</body></html>')).toBe(false);
    expect(
      checkBackplotText('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'),
    ).toBe(false);
  });
});
