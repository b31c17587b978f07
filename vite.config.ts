import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
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

/** Modules of the app's shell (filled by `shellChunk` as the build's graph is known). */
const shellModules = new Set<string>();

/**
 * One chunk for the app's shell: main.tsx and everything it imports statically, except what the entry
 * (boot.ts) imports itself, which must stay out of the app's chunk so the entry does not wait for it.
 * Left alone, the bundler cut that graph into a dozen small shared chunks (React, the router, the
 * messages, the query cache...), each its own request and its own gzip dictionary. The icon
 * library's index names every icon: the shell takes only the icons its own modules import by name,
 * not every icon some other page draws. Every static import of a module in the chunk is in it too,
 * else a chunk outside could import React back from it and call it before it ran.
 */
function shellChunk(): Plugin {
  return {
    name: 'shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const iconIndex = ids.find((id) =>
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id),
      );
      // Each name the index exports (icons, their aliases, Icon, the provider...) to its own module.
      const iconModules = new Map<string, string>();
      for (const [, names, file] of (iconIndex ? (this.getModuleInfo(iconIndex)?.code ?? '') : '').matchAll(
        /export \{([^}]*)\} from '(\.\/[\w/.-]+\.mjs)'/g,
      )) {
        const module = path.join(path.dirname(iconIndex!), file!);
        for (const name of names!.split(','))
          iconModules.set(
            name
              .trim()
              .split(/\s+as\s+/)
              .pop()!,
            module,
          );
      }
      const iconsNamedIn = (id: string, code: string) => {
        const named = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)];
        if (named.length !== (code.match(/["']lucide-react["']/g)?.length ?? 0))
          this.error(
            `shell-chunk: ${id} must import from lucide-react by name, in one import statement each`,
          );
        return named.flatMap(([, names]) =>
          names!
            .split(',')
            .map((name) => name.trim().split(/\s+as\s+/)[0]!)
            .filter(Boolean)
            .map(
              (name) => iconModules.get(name) ?? this.error(`shell-chunk: lucide-react exports no ${name}`),
            ),
        );
      };
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = ids.filter((id) => roots.some((root) => id.endsWith(root)));
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id) || id === iconIndex) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          queue.push(...(info?.importedIds ?? []), ...iconsNamedIn(id, info?.code ?? ''));
        }
        return seen;
      };
      const entry = closure(['src/web/boot.ts', 'src/web/pre-app/capture.ts']);
      shellModules.clear();
      // main.tsx itself stays out: it is the module the entry imports, and its chunk must be its own.
      const app = closure(['src/web/main.tsx']);
      for (const id of app) if (!entry.has(id) && !id.endsWith('src/web/main.tsx')) shellModules.add(id);
    },
    generateBundle(_options, bundle) {
      // What the chunks came out as: every module of the shell in its chunk, and no chunk the shell
      // loads that loads the shell back (it would run first and find React undefined).
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const shell = chunks.find((chunk) => chunk.name === 'shell');
      if (!shell) return this.error("shell-chunk: the shell's chunk was not made");
      for (const chunk of chunks)
        if (chunk !== shell && chunk.moduleIds.some((id) => shellModules.has(id)))
          this.error(`shell-chunk: ${chunk.fileName} holds a module of the shell`);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const queue = [...shell.imports];
      while (queue.length > 0) {
        const file = queue.pop()!;
        if (file === shell.fileName) this.error(`shell-chunk: a chunk the shell imports imports it back`);
        if (seen.has(file)) continue;
        seen.add(file);
        queue.push(...(byFile.get(file)?.imports ?? []));
      }
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
          shellChunk(),
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
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  test: (id: string) => shellModules.has(id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
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
