import { ERROR_STATUS } from '@barbershop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[]; enum?: string[] };
type Operation = {
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
};

describe('the OpenAPI document', () => {
  let app: TestApp;
  let operations: [string, Operation][];
  beforeAll(async () => {
    app = await buildTestApp();
    const doc = (await app.inject('/api/docs/openapi.json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );
  });
  afterAll(() => app.close());

  // A client generated from the document learns the shape of every refusal, not only of success.
  it('declares the one error shape for every route’s 4XX and 5XX answers', () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const [route, operation] of operations) {
      for (const status of ['4XX', '5XX']) {
        const response = operation.responses[status];
        expect(response?.description, `${route} ${status}`).toBeTruthy();
        const schema = response?.content?.['application/json']?.schema;
        expect(schema?.required, `${route} ${status}`).toEqual(['error']);
        const error = schema?.properties?.error;
        expect(error?.required, `${route} ${status}`).toEqual(['code', 'message']);
        expect(error?.properties?.code?.enum, `${route} ${status}`).toEqual(Object.keys(ERROR_STATUS));
      }
    }
  });

  it('declares what each route answers when it succeeds: JSON, the orders as CSV, or a redirect', () => {
    for (const [route, operation] of operations) {
      const success = Object.keys(operation.responses).filter((status) => /^[23]/.test(status));
      expect(success, route).toEqual([route.startsWith('GET /api/auth/google') ? '302' : '200']);
    }
    const csv = operations.find(([route]) => route === 'GET /api/orders/export.csv')?.[1];
    expect(Object.keys(csv?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const signIn = operations.find(([route]) => route === 'GET /api/auth/google')?.[1];
    expect(signIn?.responses['302']?.content ?? {}).toEqual({});
  });
});
