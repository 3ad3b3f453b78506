import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from '#src/components/ErrorPage.tsx';

describe('ErrorPage', () => {
  it("shows the router's default error text for unknown failures (spec section 2)", () => {
    const html = renderToStaticMarkup(
      <ErrorPage error={new Error('chunk failed to load')} reset={() => undefined} />,
    );
    expect(html).toContain('<h1>Unexpected Application Error!</h1>');
    expect(html).toContain('chunk failed to load');
  });
});
