import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/auth/', '/language', '/socket.io/'];

/** Serves the built web app: hashed assets cached for a year, everything else revalidated, SPA fallback. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      setHeaders(reply, filePath) {
        const rel = path.relative(webDist, filePath).split(path.sep).join('/');
        const hashed = rel.startsWith('assets/') && !rel.startsWith('assets/i18n/');
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app is not built; run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // A missing file under assets/ (a tile of an older build's basemap, a chunk a stale page asks for) is a
    // 404: answering it with the app's page would hand HTML to the map's worker or the module loader.
    const isAsset = request.url.startsWith('/assets/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset;
    if (wantsPage && built) {
      // Client-side routes (and the not-found page for unknown ones) are drawn by the app.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage)
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    return reply.status(404).send({
      error: {
        code: 'route.not_found',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      },
    });
  });
}
