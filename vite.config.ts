import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle-size.ts reads it to add up the home page's first-load JavaScript.
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // `npm run dev`: the API runs beside Vite and Vite forwards these paths to it.
    proxy: {
      // The web app's own modules live in src/web/api/*.ts: those stay with Vite.
      '^/api(/(?!.*\\.tsx?(\\?.*)?$).*)?$': `http://127.0.0.1:${API_PORT}`,
      '/uploads': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
