import {
  AddItemsSchema,
  AdminProductDetailSchema,
  AdminProductSchema,
  CreateProductSchema,
  SetArchivedSchema,
  SetPublishedSchema,
  UpdateItemSchema,
  UpdateProductSchema,
} from '@barbershop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { idParams } from '../../plugins/errors.ts';
import {
  MAX_FILES_PER_REQUEST,
  multipartRoutes,
  parseForm,
  uploadRoute,
  withUpload,
} from '../media/uploads.ts';
import {
  addItems,
  createProduct,
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  setFlag,
  updateItem,
  updateProduct,
} from './products.service.ts';

const NameParams = z.object({ name: z.string().min(1).max(200) });

/** How the upload routes describe their body; the handler reads and checks it (media/uploads.ts). */
const MULTIPART_DOC =
  'multipart/form-data: `form` (the JSON of the product) and up to 10 `images` files of 10 MB and 40 megapixels each, the long side at most 10 times the short (JPEG, PNG, WebP, AVIF or GIF). A JSON body is taken as the form, without files.';

/** The dashboard's product routes (staff; deleting is for admins). The store's reads live in catalog/. */
export async function productsRoutes(
  app: FastifyInstance,
  { config }: { config: Pick<Config, 'uploadRateLimit'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploads = uploadRoute('staff', config.uploadRateLimit);
  r.get(
    '/products',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['products'],
        summary: 'Every product but deleted ones: drafts and archived too, newest first',
        response: { 200: z.array(AdminProductSchema) },
      },
    },
    () => listAdminProducts(app.db),
  );
  r.get(
    '/products/:name',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['products'],
        summary: 'One product by slug or exact name (case-insensitive), with its items',
        params: NameParams,
        response: { 200: AdminProductDetailSchema },
      },
    },
    (request) => getAdminProduct(app.db, request.params.name),
  );
  await multipartRoutes(app, (forms) => {
    forms.post(
      '/products',
      {
        ...uploads,
        schema: {
          tags: ['products'],
          summary: 'Create a product (409 when the name is taken)',
          description: MULTIPART_DOC,
          response: { 200: AdminProductDetailSchema },
        },
      },
      (request) =>
        withUpload(request, MAX_FILES_PER_REQUEST, ({ form, files }) =>
          createProduct(app.db, app.media, request.user!.id, parseForm(CreateProductSchema, form), files),
        ),
    );
    forms.put(
      '/products/:name',
      {
        ...uploads,
        schema: {
          tags: ['products'],
          summary: 'Partial edit naming the version it started from (409 when stale or the name is taken)',
          description: MULTIPART_DOC,
          params: NameParams,
          response: { 200: AdminProductDetailSchema },
        },
      },
      (request) =>
        withUpload(request, MAX_FILES_PER_REQUEST, ({ form, files }) =>
          updateProduct(
            app.db,
            app.media,
            request.user!.id,
            request.params.name,
            parseForm(UpdateProductSchema, form),
            files,
          ),
        ),
    );
  });
  // Two toggles of one shape: each sets its flag (or, sent no body, flips it) and answers with the product.
  for (const [segment, flag, body, summary] of [
    ['publish', 'published', SetPublishedSchema, 'Publish or unpublish'],
    ['archives', 'archived', SetArchivedSchema, 'Archive (hidden from the store) or unarchive'],
  ] as const) {
    r.post(
      `/products/${segment}/:name`,
      {
        config: { access: 'staff' },
        schema: {
          tags: ['products'],
          summary,
          params: NameParams,
          // Fastify hands a request without a body on as null.
          body: body.nullish(),
          response: { 200: AdminProductDetailSchema },
        },
      },
      (request) => {
        // Either schema's one key is this route's flag.
        const to = (request.body as Partial<Record<typeof flag, boolean>> | null | undefined)?.[flag];
        return setFlag(app.db, request.user!.id, request.params.name, flag, to);
      },
    );
  }
  r.delete(
    '/products/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['products'],
        summary: 'Delete an archived product (409 otherwise); it frees its name, orders keep their lines',
        params: idParams({ id: 'product' }),
        response: { 200: AdminProductSchema },
      },
    },
    (request) => deleteProduct(app.db, request.user!.id, request.params.id),
  );
  r.patch(
    '/products/:name/items/:itemId',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['products'],
        summary: "An item's status, or its walk-in owner ('' or 'owned'); answers with the product and items",
        params: NameParams.extend({ itemId: z.string() }),
        body: UpdateItemSchema,
        response: { 200: AdminProductDetailSchema },
      },
    },
    (request) =>
      updateItem(app.db, request.user!.id, request.params.name, request.params.itemId, request.body),
  );
  r.post(
    '/products/:name/items',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['products'],
        summary: 'Add walk-in items of one size; answers with the product and items',
        params: NameParams,
        body: AddItemsSchema,
        response: { 200: AdminProductDetailSchema },
      },
    },
    (request) => addItems(app.db, request.user!.id, request.params.name, request.body),
  );
}
