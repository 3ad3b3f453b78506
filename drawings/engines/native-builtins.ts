/**
 * The built-ins pdf.js's legacy build replaces, as they were before it loaded. Import this module
 * before `pdfjs-dist/legacy/build/pdf.mjs` and call `restoreNativeBuiltins()` after it: the
 * core-js polyfills bundled in that build replace `Array.prototype.push`, `JSON.parse`,
 * `JSON.stringify` and `Function.prototype.toString` on Node 20 with JavaScript versions for the
 * whole thread (measured on Node 20.20: 10 million pushes 0.44 s native, 1.16 s polyfilled; the
 * raster reader's skeleton spent a second in the polyfilled push). Node 20's own built-ins already
 * do what those polyfills add (lengths beyond 2^32, well-formed JSON); pdf.js does not rely on
 * the differences. The methods the build adds where Node 20 has none (Promise.withResolvers,
 * Uint8Array.prototype.toHex…) are left in place: pdf.js uses them.
 */
// Read as property values (never called through these names).
const saved = {
  push: Reflect.get(Array.prototype, 'push') as unknown,
  parse: Reflect.get(JSON, 'parse') as unknown,
  stringify: Reflect.get(JSON, 'stringify') as unknown,
  toString: Reflect.get(Function.prototype, 'toString') as unknown,
};

/** Puts the saved built-ins back (a no-op when nothing replaced them). */
export function restoreNativeBuiltins(): void {
  const put = (target: object, key: string, value: unknown) => {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor?.value === value) return;
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: false,
      configurable: true,
    });
  };
  put(Array.prototype, 'push', saved.push);
  put(JSON, 'parse', saved.parse);
  put(JSON, 'stringify', saved.stringify);
  put(Function.prototype, 'toString', saved.toString);
}
