import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of the browser's assets at their best (slowest) settings, made once
    // here: the server sends them as they are (preCompressed in web-app.ts) instead of
    // compressing each response again.
    ...(isSsrBuild
      ? []
      : [
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|css|svg)$/,
            threshold: 1024,
          }),
        ]),
  ],
  build: isSsrBuild
    ? {
        // `vite build --ssr entry-server.tsx`: the page renderer the server imports (src/server/web/page-renderer.ts).
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        // bench/bundle-size.ts reads it to add up the home page's first-load JavaScript.
        manifest: true,
      },
  ssr: {
    // Bundled (only the icons used) rather than loading the whole icon set when the server starts.
    noExternal: ['lucide-react'],
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
}));
