import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createUser } from '@barbershop/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestAppWithLog, type TestApp } from '../test/app.ts';
import { signInAs } from '../test/sessions.ts';
import { assertPlainText, clientErrorHandler, databaseUnreachable } from './errors.ts';

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Sends raw bytes to a listening server and returns its status and body. */
async function rawRequest(port: number, text: string): Promise<{ status: number; body: string }> {
  const socket = connect(port, '127.0.0.1');
  socket.write(text);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const answer = Buffer.concat(chunks).toString();
  return { status: Number(answer.split(' ')[1]), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) };
}

describe('framework errors and bad input', () => {
  let app: TestApp;
  let log: Record<string, unknown>[];
  let admin: string;
  let gid: string;

  beforeAll(async () => {
    ({ app, log } = await buildTestAppWithLog());
    const user = await createUser(app.db, { name: 'Alex Admin', accessLevel: 2 });
    gid = user.id;
    admin = await signInAs(app, user);
  });
  afterAll(() => app.close());

  const patchUser = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'PATCH',
      url: `/api/users/${gid}`,
      headers: { ...SAME_ORIGIN, cookie: admin, 'content-type': contentType },
      payload,
    });

  it('answers an unknown route or method in the one error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['PROPFIND', '/api/shop'],
      ['OPTIONS', '/api/shop'],
      ['GET', '/nothing-here'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const api = await app.inject({ method: 'PROPFIND', url: '/api/shop' });
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'No such API route.' } });
  });

  it('answers a method HTTP does not know, or a proxy tunnel, with a 400 in the one error shape', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    for (const line of ['FOO /api/shop HTTP/1.1', 'CONNECT localhost:443 HTTP/1.1']) {
      const { status, body } = await rawRequest(port, `${line}\r\nHost: localhost\r\n\r\n`);
      expect(status, line).toBe(400);
      expect(JSON.parse(body)).toEqual({ error: { code: 'bad_request', message: 'Malformed request.' } });
    }
  });

  it('gives up on a request whose body stops short of its Content-Length, with a 408 in the one error shape', async () => {
    expect(app.server.requestTimeout).toBe(5 * 60_000);
    // What Node reports once that time has passed, on a connection still waiting for the body.
    const written: string[] = [];
    const socket = Object.assign(new Writable({ write: () => {} }), {
      end: (text: string) => written.push(text),
    }) as unknown as Socket;
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler(timeout, socket);
    const [answer = ''] = written;
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: {
        code: 'request_timeout',
        message: 'The request took too long to arrive, so it was not read. Please send it again.',
      },
    });
  });

  it('answers malformed URL encoding with a 400 in the one error shape', async () => {
    const response = await app.inject('/api/barbers/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  it('answers an unsupported media type with 415 and a body too large with 413', async () => {
    const xml = await patchUser('<phone>5551234</phone>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('unsupported_media_type');
    const huge = await patchUser(JSON.stringify({ phone: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  // fetch sends a string body as text/plain when no Content-Type is set; curl -d sends a form type.
  it('asks for JSON, with 415, when a body comes as text, as a urlencoded form or without a type', async () => {
    const body = JSON.stringify({ phone: '(719) 555-0100' });
    for (const contentType of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', undefined]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/users/${gid}`,
        headers: { ...SAME_ORIGIN, cookie: admin, ...(contentType ? { 'content-type': contentType } : {}) },
        payload: body,
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toEqual({
        error: {
          code: 'unsupported_media_type',
          message:
            'Send the body as JSON, with Content-Type: application/json (forms with images as multipart/form-data).',
        },
      });
    }
  });

  it('refuses a control character in a query or path parameter with a 400 naming it', async () => {
    const query = await app.inject('/api/barbers?city=Denver%00');
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      error: { code: 'bad_request', message: 'query.city: must not contain control characters' },
    });
    const param = await app.inject('/api/barbers/%01');
    expect(param.statusCode).toBe(400);
    expect(param.json().error.message).toBe('params.gid: must not contain control characters');
  });

  it('refuses a control character anywhere in a JSON body with a 400 naming the field', async () => {
    const nul = await patchUser(JSON.stringify({ phone: '555\u00001234' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      error: { code: 'bad_request', message: 'body.phone: must not contain control characters' },
    });
    const nested = await patchUser(JSON.stringify({ address: { line1: 'Main St\u001b[2J' } }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.message).toBe('body.address.line1: must not contain control characters');
  });

  // JSON may escape half of a UTF-16 pair ("\ud800"), which is no character at all: PostgreSQL refuses
  // it in a json column (a 500) and a text column would keep U+FFFD in its place.
  it('refuses text holding half a character with a 400 naming the field, and changes nothing', async () => {
    const address = {
      line1: 'Main St \ud800',
      city: 'Denver',
      state: 'CO',
      postal_code: '80202',
      country: 'US',
    };
    const response = await patchUser(JSON.stringify({ address }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'body.address.line1: must be whole characters (it holds half of one)',
      },
    });
    const user = await app.inject({ url: `/api/users/${gid}`, headers: { cookie: admin } });
    expect(user.json().address).toBeNull();
    expect(() => assertPlainText({ '\udfffkey': 'x' }, 'form')).toThrow(
      'form.\udfffkey: must be whole characters',
    );
    // A character outside the Basic Multilingual Plane is a whole pair.
    expect(() => assertPlainText({ note: 'Fresh cut 💈' }, 'body')).not.toThrow();
  });

  it('names the array element holding a control character, and lets a multi-line text through', () => {
    const cart = { products: [{ size: 'M' }, { size: 'L\u0007' }] };
    expect(() => assertPlainText(cart, 'body')).toThrow(
      'body.products.1.size: must not contain control characters',
    );
    expect(() => assertPlainText({ note: 'line one\r\nline\ttwo' }, 'body')).not.toThrow();
    expect(() => assertPlainText({ city: 'line one\nline two' }, 'query')).toThrow('query.city');
  });

  // A client that appends to a URL instead of setting its parameters (?limit=50&limit=100).
  it('says a query parameter wanted once was given more than once, in words', async () => {
    for (const [url, name] of [
      ['/api/users?limit=1&limit=2', 'limit'],
      ['/api/orders?scope=all&scope=all', 'scope'],
    ]) {
      const response = await app.inject({ url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toBe(
        `querystring.${name}: is given more than once: give it once`,
      );
    }
    // A list the route takes is not one parameter given twice.
    const signIn = await app.inject('/api/auth/google?path=/a&path=/b');
    expect(signIn.statusCode).toBe(302);
  });

  it('answers a malformed id with the same 404 as a missing row', async () => {
    for (const url of ['/api/barbers/not-a-uuid', '/api/barbers/00000000-0000-4000-8000-000000000000']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No such barber.' } });
    }
    const order = await app.inject({ url: '/api/orders/42', headers: { cookie: admin } });
    expect(order.statusCode).toBe(404);
    expect(order.json()).toEqual({ error: { code: 'not_found', message: 'No such order.' } });
  });

  it('logs each refused request as one line without a stack trace', async () => {
    const refusedLines = () => log.filter((line) => line.msg === 'request refused').length;
    const before = refusedLines();
    const refusals = [
      await patchUser('{"phone": '),
      await app.inject({ url: '/api/barbers/nobody' }),
      await app.inject({ url: '/api/orders/42', headers: { cookie: admin } }),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([400, 404, 404]);
    expect(refusedLines() - before).toBe(3);
    // Nothing any test of this app logged carries a stack or is an error.
    expect(log.filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);
    expect(log.filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});

describe('the database going away', () => {
  it.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['admin shutdown (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['crash shutdown (57P02)', Object.assign(new Error('crash shutdown'), { code: '57P02' })],
    [
      'a server starting up or recovering (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    [
      'a missing or renamed database (3D000)',
      Object.assign(new Error('database "shop" does not exist'), { code: '3D000' }),
    ],
    ['too many connections (53300)', Object.assign(new Error('too many clients'), { code: '53300' })],
    [
      'a database not accepting connections (55000)',
      Object.assign(new Error('database "shop" is not currently accepting connections'), { code: '55000' }),
    ],
    [
      'a lock timeout (55P03)',
      Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
    ],
    ['the pool exhausted', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['no answer at all (a silent network)', new Error('Query read timeout')],
    [
      'wrapped by the query builder',
      new Error('Failed query', { cause: new Error('Connection terminated') }),
    ],
  ])('counts %s as unreachable', (_name, error) => {
    expect(databaseUnreachable(error)).toBe(true);
  });

  it('does not count a constraint violation as unreachable', () => {
    expect(databaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});

describe('errors in the logs', () => {
  it("keep a failed query's statement and its cause, never the values it was given or the row's detail", async () => {
    const { app, log } = await buildTestAppWithLog({}, async (server) => {
      server.get('/api/test/failing-query', { config: { access: 'public' } }, async () => {
        const cause = Object.assign(
          new Error('duplicate key value violates unique constraint "users_email"'),
          {
            code: '23505',
            detail: 'Key (email)=(casey@example.com) already exists.',
          },
        );
        throw new Error('Failed query: select * from users where email = $1\nparams: casey@example.com', {
          cause,
        });
      });
    });
    try {
      expect((await app.inject('/api/test/failing-query')).statusCode).toBe(500);
      const failed = log.find((line) => line.msg === 'request failed');
      expect(failed?.err).toMatchObject({
        type: 'Error',
        message: 'Failed query: select * from users where email = $1\nparams: [redacted]',
        cause: { code: '23505', message: expect.stringContaining('users_email') },
      });
      expect(JSON.stringify(log)).not.toContain('casey@example.com');
    } finally {
      await app.close();
    }
  });
});

describe('PostgreSQL going away under a running server', () => {
  // A stand-in PostgreSQL that answers each connection as `answer` says.
  let server: Server;
  let dataDir: string;
  const fakePostgres = async (answer: (socket: import('node:net').Socket) => void) => {
    server = createServer((socket) => socket.once('data', () => answer(socket)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  };
  const appOn = async (port: number) => {
    dataDir = mkdtempSync(join(tmpdir(), 'barbershop-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/shop`,
    });
    return buildApp(config, { web: false, logger: false });
  };
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A PostgreSQL ErrorResponse message carrying `code`. */
  function errorResponse(code: string, message: string): Buffer {
    const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
    const header = Buffer.alloc(5);
    header.write('E');
    header.writeInt32BE(fields.length + 4, 1);
    return Buffer.concat([header, fields]);
  }

  /** PostgreSQL refusing each connection with `code`. */
  const refusing = (code: string, message: string) => (socket: import('node:net').Socket) =>
    socket.end(errorResponse(code, message));

  it.each([
    ['drops every connection', (socket: import('node:net').Socket) => socket.destroy()],
    [
      'is shutting down (57P02)',
      refusing('57P02', 'terminating connection because of crash of another server process'),
    ],
    [
      'was shut down by its administrator (57P01)',
      refusing('57P01', 'terminating connection due to administrator command'),
    ],
    ['is starting up (57P03)', refusing('57P03', 'the database system is starting up')],
    ['has no database of that name (3D000)', refusing('3D000', 'database "shop" does not exist')],
  ])('answers 503 with Retry-After when PostgreSQL %s', async (_name, answer) => {
    const app = await appOn(await fakePostgres(answer));
    try {
      for (const url of ['/api/barbers', '/api/shop']) {
        const response = await app.inject(url);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          error: {
            code: 'unavailable',
            message: 'The service is unavailable right now. Please try again shortly.',
          },
        });
      }
      expect((await app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
