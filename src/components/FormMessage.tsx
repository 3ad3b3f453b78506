/** The form-level error (red) or notice (neutral) line. */
export function FormMessage({ error, notice }: { error?: string | null; notice?: string | null }) {
  if (error) {
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  }
  if (notice) {
    return (
      <p className="form-notice" role="status">
        {notice}
      </p>
    );
  }
  return null;
}
