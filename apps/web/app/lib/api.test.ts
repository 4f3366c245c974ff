import type {
  CurrentUser,
  InventoryItem,
  OrderSummary,
  OrderView,
  Shop,
  SignedOut,
  StaffOrderRow,
  UserDetail,
} from '@barbershop/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient, encodeBody } from './api.ts';

/** An API that records what it was sent and answers `answer`. */
function recordingApi(answer: () => Response = () => Response.json({})) {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  const api = createApiClient(async (path, init) => {
    calls.push({ path, init });
    return answer();
  });
  return { api, calls };
}

describe('the API client', () => {
  it('sends a JSON body with its content type', async () => {
    const { api, calls } = recordingApi();
    await api.send('PATCH', '/users/0b7c', { phone: '555 0100' });
    expect(calls).toEqual([
      {
        path: '/users/0b7c',
        init: {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: '{"phone":"555 0100"}',
        },
      },
    ]);
  });

  it('leaves form bodies to fetch to encode (multipart or URL-encoded), and sends no body when there is none', async () => {
    const form = new FormData();
    form.set('form', '{}');
    const fields = new URLSearchParams({ size: 'Large' });
    expect(encodeBody(form)).toEqual({ body: form });
    expect(encodeBody(fields)).toEqual({ body: fields });
    const { api, calls } = recordingApi();
    await api.send('POST', '/auth/logout');
    expect(calls).toEqual([{ path: '/auth/logout', init: { method: 'POST' } }]);
  });

  it("turns an error answer into an ApiError with the server's code and message", async () => {
    const { api } = recordingApi(() =>
      Response.json({ error: { code: 'not_found', message: 'No such order.' } }, { status: 404 }),
    );
    await expect(api.get('/orders/123')).rejects.toEqual(new ApiError(404, 'not_found', 'No such order.'));
  });

  it("keeps a 503's message for the browser's forms, where a loader's 503 is the unavailable page", async () => {
    const busy = () =>
      Response.json(
        { error: { code: 'unavailable', message: 'The payment service did not answer. Please try again.' } },
        { status: 503 },
      );
    const inBrowser = createApiClient(async () => busy(), 'error');
    await expect(inBrowser.send('POST', '/auth/logout')).rejects.toEqual(
      new ApiError(503, 'unavailable', 'The payment service did not answer. Please try again.'),
    );
    const { api } = recordingApi(busy);
    await expect(api.get('/shop')).rejects.toMatchObject({
      type: 'DataWithResponseInit',
      init: { status: 503 },
    });
  });

  it("types each call's answer and body from the contract's route map", () => {
    const { api } = recordingApi();
    expectTypeOf(api.get('/shop')).resolves.toEqualTypeOf<Shop>();
    expectTypeOf(api.get('/users/me')).resolves.toEqualTypeOf<CurrentUser>();
    expectTypeOf(api.get('/orders')).resolves.toEqualTypeOf<OrderSummary[] | StaffOrderRow[]>();
    // The narrowest route wins: /users/me/items also fits /users/:gid.
    expectTypeOf(api.get('/users/me/items')).resolves.toEqualTypeOf<InventoryItem[]>();
    expectTypeOf(api.get(`/users/${'0b7c'}`)).resolves.toEqualTypeOf<UserDetail>();
    expectTypeOf(api.get('/orders?scope=all')).resolves.toEqualTypeOf<OrderSummary[] | StaffOrderRow[]>();
    expectTypeOf(api.get(`/orders/${encodeURIComponent('a b')}`)).resolves.toEqualTypeOf<OrderView>();
    expectTypeOf(api.send('POST', '/auth/logout')).resolves.toEqualTypeOf<SignedOut>();
    expectTypeOf(api.send('PATCH', '/users/1', { accessLevel: 1 })).resolves.toEqualTypeOf<UserDetail>();
    // A path the API does not have, and a body of the wrong shape, do not compile.
    // @ts-expect-error no such route
    expectTypeOf(api.get).toBeCallableWith('/no-such-route');
    // @ts-expect-error accessLevel is a number
    expectTypeOf(api.send).toBeCallableWith('PATCH', '/users/1', { accessLevel: 'admin' });
  });
});
