import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestAppWithLog, type TestApp } from '../test/app.ts';
import { requestIds, requestLoggerFactory } from './request-logger.ts';

describe('request logging', () => {
  let app: TestApp;
  let log: Record<string, unknown>[];

  beforeAll(async () => {
    ({ app, log } = await buildTestAppWithLog({ TRUST_PROXY: '1' }));
  });
  afterAll(() => app.close());
  beforeEach(() => {
    log.length = 0;
  });

  it('writes one line per request under its id, keeping a sane x-request-id from the trusted proxy', async () => {
    await app.inject('/api/shop');
    await app.inject({ url: '/api/shop', headers: { 'x-request-id': 'lb-4f2a' } });
    await app.inject({ url: '/api/shop', headers: { 'x-request-id': 'no spaces or\nbreaks' } });
    const lines = log.filter((line) => line.msg === 'request');
    expect(lines.map((line) => line.status)).toEqual([200, 200, 200]);
    const [own, kept, replaced] = lines.map((line) => line.reqId as string);
    expect(own).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expect(kept).toBe('lb-4f2a');
    expect(replaced).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expect(new Set([own, replaced]).size).toBe(2);
  });

  it("writes the request line as pino writes the same fields, secrets redacted, in pino's order", async () => {
    const url = '/api/shop?q=casey%40example.com&view="tab\\é"';
    await app.inject({ url, headers: { 'x-request-id': 'lb-line' } });
    const [line] = log.filter((entry) => entry.msg === 'request');
    expect(line?.req).toEqual({
      method: 'GET',
      url: '/api/shop?q=%5Bredacted%5D&view=%22tab%5C%C3%A9%22',
      remoteAddress: '127.0.0.1',
    });
    const { status, ms } = line!;
    app.log
      .child({ reqId: 'lb-line' })
      .info({ req: { method: 'GET', url, ip: '127.0.0.1' }, status, ms }, 'request');
    const withoutTime = ({ time: _, ...rest }: Record<string, unknown>) => Object.entries(rest);
    expect(withoutTime(line!)).toEqual(withoutTime(log.at(-1)!));
  });

  it('writes no request line on a server at warn', async () => {
    const quiet = await buildTestAppWithLog({ LOG_LEVEL: 'warn' });
    try {
      await quiet.app.inject('/api/shop');
      await quiet.app.inject('/api/no-such-route');
      expect(quiet.log.filter((entry) => entry.msg === 'request')).toEqual([]);
    } finally {
      await quiet.app.close();
    }
  });

  it('gives each route level a child of its own, without one request binding leaking into the next', () => {
    const children = requestLoggerFactory().bind(app);
    const raw = {} as IncomingMessage;
    const first = children(app.log, { reqId: 'first' }, { level: 'warn' }, raw);
    const second = children(app.log, { reqId: 'second' }, { level: 'warn' }, raw);
    const plain = children(app.log, { reqId: 'plain' }, {}, raw);
    first.info('not written');
    second.warn('written');
    plain.info('written too');
    expect(log.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: 'second', msg: 'written' },
      { reqId: 'plain', msg: 'written too' },
    ]);
    expect(app.log.level).toBe('info');
  });

  it('makes a request its pino child only when it writes a line', () => {
    const children = requestLoggerFactory().bind(app);
    const raw = {} as IncomingMessage;
    const made = vi.spyOn(app.log, 'child');
    const quiet = children(app.log, { reqId: 'quiet' }, {}, raw);
    quiet.debug('below info');
    expect(quiet.level).toBe('info');
    expect(made).not.toHaveBeenCalled();
    quiet.error({ err: new Error('boom') }, 'failed');
    quiet.warn('a second line, from the same child');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
    quiet.child({ step: 'two' }).info('from its own child');
    expect(log.map(({ reqId, step, msg }) => ({ reqId, step, msg }))).toEqual([
      { reqId: 'quiet', step: undefined, msg: 'failed' },
      { reqId: 'quiet', step: undefined, msg: 'a second line, from the same child' },
      { reqId: 'quiet', step: 'two', msg: 'from its own child' },
    ]);
  });

  it("ignores a client's x-request-id when no proxy is trusted", async () => {
    const direct = await buildTestAppWithLog();
    try {
      await direct.app.inject({ url: '/api/shop', headers: { 'x-request-id': 'lb-4f2a' } });
      const [line] = direct.log.filter((entry) => entry.msg === 'request');
      expect(line?.reqId).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    } finally {
      await direct.app.close();
    }
  });

  it('numbers its own ids per process, under a prefix another process does not share', () => {
    const raw = { headers: {} } as IncomingMessage;
    const one = requestIds(true);
    const other = requestIds(true);
    const ids = [one(raw), one(raw), other(raw)];
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]!.slice(0, 8)).toBe(ids[1]!.slice(0, 8));
    expect(ids[0]!.slice(0, 8)).not.toBe(ids[2]!.slice(0, 8));
  });
});
