import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerErrorHandler, sendRouteNotFound } from './http/errors.js';
import { createCatalogRepository } from './modules/catalog/repository.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { createCatalogService } from './modules/catalog/service.js';
import { mailRoutes } from './modules/mail/routes.js';
import { createMailService } from './modules/mail/service.js';
import { createMailer } from './mail/mailer.js';
import rateLimit from '@fastify/rate-limit';
import { SHOP_NAME } from '../domain/constants.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: boolean;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The whole shop as one Fastify instance: tests call this and use `inject()`. */
export async function buildApp({ config, database, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: { title: `${SHOP_NAME} API`, version: '1.0.0', description: 'The REST API of the sneaker shop.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Limits apply only to routes that ask for one (config.rateLimit), such as the public forms.
  await app.register(rateLimit, { global: false });

  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: app.log,
  });
  const catalog = createCatalogService(createCatalogRepository(database.db));
  const mail = createMailService({
    db: database.db,
    mailer,
    publicUrl,
    contactTo: config.CONTACT_TO ?? config.ADMIN_EMAIL,
  });
  await app.register(
    async (api) => {
      await api.register(catalogRoutes, { catalog });
      await api.register(mailRoutes, { mail });
    },
    { prefix: '/api' },
  );

  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    // Upload keys carry a content hash, so a URL never changes meaning.
    maxAge: ONE_YEAR_SECONDS * 1000,
    immutable: true,
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}

/**
 * Serves the built React app when there is one: hashed assets cached for a
 * year, and every other page path answered with index.html (the router in the
 * browser shows the page, or 'Page not found'). API paths answer JSON 404s.
 */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(sendRouteNotFound);
  if (!indexHtml) return;
  // A route (not the not-found handler) so that compression and the other hooks apply.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) {
      return sendRouteNotFound(request, reply);
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
