import type { AuditActor, AuditEntry } from './audit.ts';
import type { SignedOut } from './auth.ts';
import type { Barber } from './barbers.ts';
import type { AdminBarber, Overview, UpdateBarber } from './dashboard.ts';
import type { OrderView, ResolveAttention, StaffOrderRow, UpdateOrderStatus } from './order-admin.ts';
import type { OrderSummary } from './orders.ts';
import type { CreatePaymentIntent, DemoConfirm, PaymentConfirmation, PaymentIntent } from './payments.ts';
import type {
  AddItems,
  AdminProduct,
  AdminProductDetail,
  CatalogProduct,
  ItemCertificate,
  SetArchived,
  SetPublished,
  UpdateItem,
} from './products.ts';
import type { Shop, UpdateShop } from './shop.ts';
import type { CurrentUser, InventoryItem, UpdateUser, UserDetail, UserSummary } from './users.ts';

/**
 * What each API call answers, by method and path after `/api` (`:name` is a path parameter), and
 * what it takes as a body. Types only, so the pages' API client is checked against the same shapes
 * the server validates with, without shipping zod to the browser. A new route adds its line here.
 */
export type ApiRoutes = {
  GET: {
    '/shop': Shop;
    '/barbers': Barber[];
    '/barbers/:gid': Barber;
    '/users/me': CurrentUser;
    '/users/me/items': InventoryItem[];
    '/users/checkAdmin': NonNullable<CurrentUser>;
    '/users': UserSummary[];
    '/users/:gid': UserDetail;
    /** Own orders; `?scope=all` (staff): StaffOrderRow[]. */
    '/orders': OrderSummary[] | StaffOrderRow[];
    '/orders/:id': OrderView;
    '/audit': AuditEntry[];
    '/audit/actors': AuditActor[];
    '/products/published': CatalogProduct[];
    '/products/store/:name': CatalogProduct;
    '/products/:product/:item': ItemCertificate;
    '/products': AdminProduct[];
    '/products/:name': AdminProductDetail;
    '/dashboard/overview': Overview;
    '/dashboard/barbers': AdminBarber[];
    '/dashboard/barbers/:gid': AdminBarber;
  };
  POST: {
    '/auth/logout': { body: undefined; response: SignedOut };
    '/orders/:id/pickup-code': { body: undefined; response: OrderView };
    '/orders/:id/attention': { body: ResolveAttention; response: OrderView };
    '/payment/create-payment-intent': { body: CreatePaymentIntent; response: PaymentIntent };
    '/payment/demo/confirm': { body: DemoConfirm; response: PaymentConfirmation };
    '/products': { body: FormData; response: AdminProductDetail };
    '/products/:name/items': { body: AddItems; response: AdminProductDetail };
    '/products/publish/:name': { body: SetPublished; response: AdminProductDetail };
    '/products/archives/:name': { body: SetArchived; response: AdminProductDetail };
    '/barbers': { body: FormData; response: AdminBarber };
  };
  PUT: {
    '/orders/:id': { body: UpdateOrderStatus; response: OrderView };
    '/products/:name': { body: FormData; response: AdminProductDetail };
    '/barbers/:gid': { body: FormData | UpdateBarber; response: AdminBarber };
    '/shop': { body: UpdateShop; response: Shop };
  };
  PATCH: {
    '/users/:gid': { body: UpdateUser; response: UserDetail };
    '/products/:name/items/:itemId': { body: UpdateItem; response: AdminProductDetail };
  };
  DELETE: {
    '/products/:id': { body: undefined; response: AdminProduct };
    '/barbers/:gid': { body: undefined; response: AdminBarber };
  };
};

export type ApiMethod = keyof ApiRoutes;
export type ApiWriteMethod = Exclude<ApiMethod, 'GET'>;

/** `/orders/:id` as the paths that fill it in: `/orders/${string}`. */
type Filled<Pattern extends string> = Pattern extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Filled<Rest>}`
  : Pattern extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : Pattern;

type Patterns<M extends ApiMethod> = keyof ApiRoutes[M] & string;

/** A path the method can be called with, optionally with a query string. */
export type ApiPath<M extends ApiMethod> = {
  [P in Patterns<M>]: Filled<P> | `${Filled<P>}?${string}`;
}[Patterns<M>];

type Matching<M extends ApiMethod, Path extends string> = {
  [P in Patterns<M>]: Path extends Filled<P> ? P : never;
}[Patterns<M>];

/** Of the patterns a path matches, those no other is narrower than (`/users/me` over `/users/:gid`). */
type Narrowest<Candidates extends string> = {
  [P in Candidates]: {
    [Q in Candidates]: Q extends P ? never : Filled<Q> extends Filled<P> ? Q : never;
  }[Candidates] extends never
    ? P
    : never;
}[Candidates];

/** The route pattern a concrete path belongs to, its query string aside. */
type PatternOf<M extends ApiMethod, Path extends string> = Path extends `${infer Bare}?${string}`
  ? PatternOf<M, Bare>
  : Narrowest<Matching<M, Path>>;

/** What a GET of this path answers. */
export type ApiResponse<Path extends string> = ApiRoutes['GET'][PatternOf<'GET', Path> & Patterns<'GET'>];

type WriteRoute<M extends ApiWriteMethod, Path extends string> = ApiRoutes[M][PatternOf<M, Path> &
  Patterns<M>] extends infer Route
  ? Route extends { body: unknown; response: unknown }
    ? Route
    : never
  : never;

/** The body a write call takes: its JSON shape, or form data for uploads. */
export type ApiBody<M extends ApiWriteMethod, Path extends string> = WriteRoute<M, Path>['body'];
/** What a write call answers. */
export type ApiWriteResponse<M extends ApiWriteMethod, Path extends string> = WriteRoute<M, Path>['response'];

/** The signature every API caller shares: fetch, with paths after `/api`. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;
