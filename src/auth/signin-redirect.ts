/**
 * Where Sign In sends the user back to (spec section 2, protected pages): a same-site path,
 * never Sign In itself. A protected page that sends its visitor to /signin names itself in the
 * `redirect` search parameter; these functions keep that value from pointing off the site or
 * back at /signin, which would nest one redirect inside the next (docs/decisions/037).
 */

const signinPath = '/signin';

/** How deep nested `/signin?redirect=…` values are unwrapped before giving up. */
const maxUnwrap = 4;

/**
 * The value as a path to follow after sign-in, or undefined when it is not one: not a string,
 * not starting with a single `/` (another site, `//host`, `javascript:`), or Sign In itself
 * without a page of its own to go to. A `/signin?redirect=…` value is replaced by its own
 * `redirect`.
 */
export function safeRedirect(value: unknown): string | undefined {
  let candidate = value;
  for (let depth = 0; depth <= maxUnwrap; depth += 1) {
    if (typeof candidate !== 'string' || !isSameSitePath(candidate)) return undefined;
    const url = new URL(candidate, 'http://same.site');
    if (url.pathname !== signinPath && !url.pathname.startsWith(`${signinPath}/`)) return candidate;
    candidate = url.searchParams.get('redirect') ?? undefined;
  }
  return undefined;
}

const isSameSitePath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
