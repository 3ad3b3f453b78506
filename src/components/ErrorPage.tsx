import type { ErrorComponentProps } from '@tanstack/react-router';

/** The router's error page for unknown failures (spec section 2). */
export function ErrorPage({ error }: ErrorComponentProps) {
  return (
    <section className="card error-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
    </section>
  );
}
