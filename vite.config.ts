import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API_PORT = Number(process.env.API_PORT ?? 3001);
const PRE_APP_ENTRY = 'pre-app';

/**
 * The pre-app capture (src/web/pre-app/capture.ts) is an entry of its own, a few hundred bytes
 * linked from the head here; the server writes its text into the head in place of the link when
 * it starts (src/server/web/inline-capture.ts), so it runs before any script has to arrive and
 * keeps what the shopper does until the app takes the page over (docs/decisions/007 and 022).
 */
function preAppScript(): Plugin {
  return {
    name: 'pre-app-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === PRE_APP_ENTRY,
        );
        if (!chunk) throw new Error('the pre-app capture was not built');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, src: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

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
          preAppScript(),
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
        rollupOptions: {
          input: {
            index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            [PRE_APP_ENTRY]: fileURLToPath(new URL('./src/web/pre-app/capture.ts', import.meta.url)),
          },
        },
      },
  // The page renderer carries its own copy of React and the libraries around it, built for
  // production: left external, Node would load React's development build (NODE_ENV is not set by
  // `npm start`), which renders pages several times slower (docs/performance.md, issue 21).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true },
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
