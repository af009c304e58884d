/**
 * A Fastify instance as every service starts it: pino logs with credentials redacted, the proxy
 * trust the configuration names, JSON-only bodies checked for UTF-8, Japanese errors, helmet and
 * the CORS the browser apps need. The service registers its routes on it.
 */
import { isUtf8 } from 'node:buffer';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { CommonConfig, LogLevel } from './config';
import { ApiError, handleClientError, handleFrameworkError, MESSAGES, registerErrorHandlers } from './errors';

/** pino options: JSON lines at `level`, credentials redacted should a serializer ever include headers. */
export function loggerOptions(level: LogLevel) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  } satisfies FastifyServerOptions['logger'];
}

/**
 * Fastify's JSON parser, after a UTF-8 check: decoding would silently turn invalid bytes into
 * U+FFFD, so what is stored would differ from what was sent.
 */
function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (!isUtf8(body)) return done(new ApiError(400, MESSAGES.invalidUtf8), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
}

/** Trusts the `hops` proxies nearest to the service (hop 0 is the socket's peer). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface ServiceAppOptions {
  config: Pick<CommonConfig, 'logLevel' | 'trustProxy' | 'corsOrigins'>;
  bodyLimit: number;
  /** Defaults to pino at config.logLevel with credentials redacted. */
  logger?: FastifyServerOptions['logger'];
  /** The 503's sentence when the database cannot be reached. */
  storageUnavailable?: string;
  /** Response headers a browser script may read besides the safe ones. */
  exposedHeaders?: string[];
  /** Request headers a browser may send besides the safe ones. */
  allowedHeaders?: string[];
}

export function createServiceApp(options: ServiceAppOptions): FastifyInstance {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: options.bodyLimit,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    // Behind a load balancer or hosting proxy the socket address is the proxy's: only a configured
    // proxy's X-Forwarded-For may name the client, or anyone could pick their rate-limit bucket.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustHops(config.trustProxy) // what Fastify does with a number; its types only list the function
        : config.trustProxy,
  });
  app.decorateRequest('user', null);
  // JSON only: without the text/plain parser a wrong Content-Type is a 415, not a confusing 400.
  app.removeContentTypeParser('text/plain');
  registerStrictJsonParser(app);
  registerErrorHandlers(app, options.storageUnavailable ? { storageUnavailable: options.storageUnavailable } : {});
  app.register(helmet);
  app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', ...(options.allowedHeaders ?? [])],
    exposedHeaders: options.exposedHeaders ?? [],
    maxAge: 600,
  });
  return app;
}
