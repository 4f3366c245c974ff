import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geocodeAddress, geocodingQuery } from './geocoding.ts';

const TOKEN = 'pk.test-secret-token-123';
const ADDRESS = {
  line1: '1550 Larimer St',
  line2: 'Suite 2',
  city: 'Denver',
  state: 'CO',
  postal_code: '80202',
  country: 'US',
};
/** What Mapbox is asked for ADDRESS: the suite leaves the map pin where it is. */
const QUERY = '1550 Larimer St, Denver, CO 80202, US';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A local stand-in for Mapbox: each test says how it answers, and every request is recorded. */
let answer: Handler;
const requests: URL[] = [];
let server: Server;
let apiBase: string;

/** Fastify's real logger, writing into an array so a test can read what was logged. */
let logLines: string[];
let log: FastifyBaseLogger;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://stand-in'));
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  logLines = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  log = Fastify({ logger: { level: 'debug', stream } }).log;
});
afterEach(() => {
  // Whatever happened, the token never reaches the logs.
  expect(logLines.join('')).not.toContain(TOKEN);
});

const json = (status: number, body: unknown): Handler => {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
};

const config = () => ({ maps: { token: TOKEN, apiBase } });

describe('geocodeAddress', () => {
  it("returns the first feature's center as lat and lng, asking with the token", async () => {
    answer = json(200, {
      features: [{ center: [-104.9965, 39.7508] }, { center: [-105.2, 40.01] }],
    });
    expect(await geocodeAddress(config(), ADDRESS, log)).toEqual({ lat: 39.7508, lng: -104.9965 });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(decodeURIComponent(request?.pathname ?? '')).toBe(`/geocoding/v5/mapbox.places/${QUERY}.json`);
    expect(request?.searchParams.get('access_token')).toBe(TOKEN);
  });

  it('returns null and logs the status when the service answers with an error', async () => {
    answer = json(401, { message: 'Not Authorized - Invalid Token' });
    expect(await geocodeAddress(config(), ADDRESS, log)).toBeNull();
    const logged = logLines.map((line) => JSON.parse(line));
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        status: 401,
        address: QUERY,
        msg: expect.stringMatching(/Geocoding failed/),
      }),
    );
  });

  it('returns null and logs when the address matches no place', async () => {
    answer = json(200, { type: 'FeatureCollection', features: [] });
    const nowhere = { ...ADDRESS, line1: 'Nowhere at all', line2: '' };
    expect(await geocodeAddress(config(), nowhere, log)).toBeNull();
    expect(logLines.join('')).toContain('Geocoding found no place for the address');
  });

  it('gives up after the timeout and logs it', async () => {
    answer = () => {
      // Never answers.
    };
    const started = Date.now();
    expect(await geocodeAddress(config(), ADDRESS, log, { timeoutMs: 200 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(logLines.join('')).toContain('no answer within 200 ms');
  });

  it('returns null when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = { maps: { token: TOKEN, apiBase: `http://127.0.0.1:${port}` } };
    expect(await geocodeAddress(unreachable, ADDRESS, log)).toBeNull();
    expect(logLines.join('')).toContain('Geocoding failed');
  });

  it('asks nothing for an address with no field filled in', async () => {
    answer = json(200, { features: [{ center: [1, 2] }] });
    const blank = { line1: '', line2: '', city: '', state: '', postal_code: '', country: '' };
    expect(await geocodeAddress(config(), blank, log)).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('asks nothing without a maps token', async () => {
    answer = json(200, { features: [{ center: [1, 2] }] });
    expect(await geocodeAddress({ maps: { token: undefined, apiBase } }, ADDRESS, log)).toBeNull();
    expect(requests).toHaveLength(0);
  });
});

describe('geocodingQuery', () => {
  it('is the address as printed without line2, then the country; empty fields are left out', () => {
    expect(geocodingQuery(ADDRESS)).toBe(QUERY);
    const typedWhole = {
      line1: 'Behind the old mill',
      line2: '',
      city: '',
      state: '',
      postal_code: '',
      country: '',
    };
    expect(geocodingQuery(typedWhole)).toBe('Behind the old mill');
  });
});
