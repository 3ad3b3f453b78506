/** A screen that a later release fills in. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="card narrow">
      <h1>{title}</h1>
      <p className="muted">This screen is not available yet.</p>
    </section>
  );
}
