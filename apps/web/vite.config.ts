import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { basemapFilesPlugin } from './build/basemap-files.ts';

// The dev server proxies everything the API server answers; in production the server serves dist/ itself.
const API_SERVER = process.env.THUNDERWATCH_API ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), basemapFilesPlugin()],
  // Workspace packages are consumed from their TypeScript sources.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/api': API_SERVER,
      '/auth': API_SERVER,
      '/language': API_SERVER,
      '/socket.io': { target: API_SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // MapLibre GL alone is ~1.1 MB minified; it loads only with the map screens, never with the shell.
    chunkSizeWarningLimit: 1300,
  },
});
