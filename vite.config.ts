import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The UI build: `src/` is the Vite root, the output goes to `dist/client`, served by the API process. */
export default defineConfig({
  root: fromRoot('./src'),
  publicDir: fromRoot('./src/public'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('./src/routes'),
      generatedRouteTree: fromRoot('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
  ],
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The router in one chunk: every page needs it, and the automatic splitting would
              // cut off each hook a few routes share (useNavigate, useLocation, Link) into a
              // file of its own.
              name: 'router',
              test: /[\\/]node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/,
              includeDependenciesRecursively: false,
            },
            {
              // The small modules every form page shares (fields, form messages, the spinner,
              // the accounts' texts and rules) travel in one chunk: left to the automatic
              // splitting they are seven files of a few hundred bytes, each gzipped on its own
              // (docs/decisions/028-signin-bundle.md).
              name: 'forms',
              test: /[\\/](src[\\/]components[\\/](TextField|FormMessage|Spinner)\.tsx|src[\\/]messages\.ts|contracts[\\/](account-rules|storable-text|field-errors)\.ts)$/,
              // Their own imports (React) stay where the automatic splitting puts them.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // The API's paths, but not the UI's own modules in src/api/ (`/api/client.ts`), which
    // share the prefix because `src/` is the root: no API path ends in .ts or .tsx.
    proxy: {
      '^/api/(?!.*\\.tsx?(\\?|$))': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
    },
  },
});
