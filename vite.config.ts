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
