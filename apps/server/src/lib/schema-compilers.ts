import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers, shared by every app the process builds. Compiling the ~190 routes'
 * validators and response serializers is most of an app's start (about two seconds here); the server builds
 * one app, but the tests build hundreds, from the same schema objects. One validator pool means one Ajv per
 * set of options, and Ajv keeps what it compiled by schema object; serializers are kept the same way.
 */
const buildValidator = AjvCompiler();
const serializerFactory = SerializerSelector();
const serializers = new WeakMap<object, Map<string, (doc: unknown) => string>>();

const buildSerializer: typeof serializerFactory = (externalSchemas, options) => {
  const compile = serializerFactory(externalSchemas, options);
  // Shared schemas added to an app ($ref targets) make its serializers its own.
  if (externalSchemas && Object.keys(externalSchemas).length > 0) return compile;
  const key = JSON.stringify(options ?? {});
  return (route) => {
    const schema = route.schema;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    const byOptions = serializers.get(schema) ?? new Map<string, (doc: unknown) => string>();
    serializers.set(schema, byOptions);
    const serialize = byOptions.get(key) ?? compile(route);
    byOptions.set(key, serialize);
    return serialize;
  };
};

export const sharedSchemaCompilers = { buildValidator, buildSerializer };
