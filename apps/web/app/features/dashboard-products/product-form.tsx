import {
  type AdminProduct,
  type AdminProductDetail,
  CATEGORIES,
  CreateProductSchema,
  SIZES,
  type Size,
  UpdateProductSchema,
} from '@barbershop/contract';
import { dollarsField } from '@barbershop/contract/format';
import { useRef, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { imageSlots, type PickedImage, storedImages } from '../../components/image-list.ts';
import { ImagePicker } from '../../components/image-picker.tsx';
import { ScriptForm } from '../../components/script-form.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { type ApiClient, ApiError } from '../../lib/api.ts';
import { refusedField } from '../../lib/refused-field.ts';
import { saveFailure } from '../../lib/save-failure.ts';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';
import { filledFields } from './filled-fields.ts';
import { sizesOnTodaysStock } from './stock-refusal.ts';

type Fields = { name: string; description: string; pricing: string; category: string };
/** By field; a size's count by its path (`sizes.Small`), shown under and tied to that size's field. */
type Errors = Partial<Record<keyof Fields | 'images' | 'sizes' | `sizes.${Size}`, string>>;

/** The fields the form shows an error beside (a refusal naming `sizes.Small` is shown by Small's count). */
const FIELDS = new Set<string>(['name', 'description', 'pricing', 'category', 'images', 'sizes']);

/** Where an error of this dotted path shows: a size's own count, or the field the path starts with. */
function errorKey(path: string): keyof Errors {
  const [field, size] = path.split('.');
  return (field === 'sizes' && SIZES.includes(size as Size) ? path : field) as keyof Errors;
}

/**
 * A name conflict, a stale version, a stock count checkouts overtook and an image deleted meanwhile
 * all answer 409: the version's message starts so (refusedField knows the name's; the others name
 * their field or say themselves).
 */
const STALE_VERSION = /^Someone else saved/;
const CHECKOUTS_TOOK = /^Checkouts took/;

/** A product's counts by size: the server moves those the form was shown by what staff changed (stockAfterEdit). */
function stockOf(product?: AdminProduct): Partial<Record<Size, number>> {
  return Object.fromEntries((product?.stock ?? []).map((entry) => [entry.size, entry.quantity]));
}

function startingSizes(product?: AdminProduct): Partial<Record<Size, string>> {
  return Object.fromEntries(Object.entries(stockOf(product)).map(([size, count]) => [size, String(count)]));
}

/**
 * Create or edit a product (SPEC.md section 5): on create, name, description, pricing and category
 * are required; a size count that is not a number becomes 0 (the contract's schema does that). The
 * form goes from the browser straight to the API as multipart: `form` (JSON) and `images` files.
 */
export function ProductForm({
  api,
  product,
  onSaved,
}: {
  api: ApiClient;
  /** The product being edited; none to create one. */
  product?: AdminProductDetail;
  onSaved: (product: AdminProduct) => void;
}) {
  const editing = product !== undefined;
  const [fields, setFields] = useState<Fields>({
    name: product?.name ?? '',
    description: product?.description ?? '',
    pricing: product ? dollarsField(product.pricing) : '',
    category: product?.category ?? '',
  });
  const [sizes, setSizes] = useState(startingSizes(product));
  // The counts and held units the sizes are shown against: as opened, then today's after checkouts
  // overtook a stock edit. The version stays the one opened, so another's save is still caught.
  const [stockBase, setStockBase] = useState(product);
  const [images, setImages] = useState<PickedImage[]>(
    product ? storedImages(product.images, product.imageKeys) : [],
  );
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure, errors);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const snapshot = JSON.stringify([
    fields,
    SIZES.map((size) => sizes[size] ?? null),
    images.map((i) => i.id),
  ]);
  const unsaved = useUnsavedChanges(snapshot);

  // The value is read at once: React clears currentTarget before a state updater runs.
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signInAgain.noteFrom(null);
    const { slots, files } = imageSlots(images);
    const typed = { ...fields, pricing: fields.pricing.trim() };
    const raw = {
      ...(editing ? filledFields(typed) : typed),
      sizes: Object.fromEntries(Object.entries(sizes).filter(([, value]) => value !== undefined)),
      images: slots,
    };
    const parsed = editing
      ? UpdateProductSchema.safeParse({ ...raw, stockSeen: stockOf(stockBase), version: product.version })
      : CreateProductSchema.safeParse(raw);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[errorKey(issue.path.join('.'))] ??= issue.message;
      setErrors(found);
      setFailure(editing ? 'Product not updated' : 'Product not created');
      return;
    }
    setErrors({});
    setFailure(null);
    setStale(false);
    setBusy(true);
    const sent = snapshot;
    const body = new FormData();
    body.append('form', JSON.stringify(parsed.data));
    for (const file of files) body.append('images', file);
    try {
      const saved = editing
        ? await api.send('PUT', `/products/${product._id}`, body)
        : await api.send('POST', '/products', body);
      unsaved.allowLeaving(sent);
      onSaved(saved);
    } catch (error) {
      const title = editing ? 'Product not updated' : 'Product not created';
      signInAgain.noteFrom(error);
      const refused = refusedField(error);
      if (error instanceof ApiError && error.status === 409 && STALE_VERSION.test(error.message)) {
        setFailure(title);
        setStale(true);
      } else if (refused && FIELDS.has(refused.path.split('.')[0]!)) {
        setFailure(title);
        setErrors({ [errorKey(refused.path)]: refused.message });
        if (editing && CHECKOUTS_TOOK.test(refused.message)) await showTodaysStock(parsed.data.sizes ?? {});
      } else {
        // The server's own reason: an image it cannot read (415), a file too large (413), too many
        // uploads (429), an image deleted while the form was open (409).
        setFailure(saveFailure(title, error));
      }
    } finally {
      setBusy(false);
    }
  }

  /** Today's counts and held units after a stock refusal, each size's change moved onto them. */
  async function showTodaysStock(sent: Partial<Record<Size, number>>) {
    if (!product) return;
    // Unread, the refusal stands as said: reloading shows today's counts.
    const today = await api.get(`/products/${product._id}`).catch(() => null);
    if (!today) return;
    if (today.version !== product.version) {
      setStale(true);
      return;
    }
    setSizes((current) => ({ ...current, ...sizesOnTodaysStock(sent, stockOf(stockBase), stockOf(today)) }));
    setStockBase(today);
  }

  return (
    <ScriptForm ref={formRef} noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-5">
      {unsaved.prompt}
      {failure && (
        <Alert>
          <p className="font-semibold">{failure}</p>
          {signInAgain.note}
          {stale && product && (
            <>
              <p className="mt-1">
                Someone else saved this product after you opened it, so your changes were not saved. Reload it
                and make them again.
              </p>
              <p className="mt-2">
                <Button
                  variant="secondary"
                  onClick={() => {
                    // Asked and answered: the alert says the changes go with the reload. By id: the
                    // other save may have renamed it, and its old address finds nothing.
                    unsaved.allowLeaving();
                    window.location.assign(`/dashboard/products/${product._id}/edit`);
                  }}
                >
                  Reload the product
                </Button>
              </p>
            </>
          )}
        </Alert>
      )}
      <FormField label="Name" hint="Name must be unique!" error={errors.name} required={!editing}>
        {(control) => (
          <input {...control} name="name" value={fields.name} onChange={set('name')} className={inputClass} />
        )}
      </FormField>
      <FormField label="Description" error={errors.description} required={!editing}>
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={4}
            value={fields.description}
            onChange={set('description')}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Pricing (dollars)" error={errors.pricing} required={!editing}>
          {(control) => (
            <input
              {...control}
              name="pricing"
              inputMode="decimal"
              value={fields.pricing}
              onChange={set('pricing')}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Category" error={errors.category} required={!editing}>
          {(control) => (
            <select
              {...control}
              name="category"
              value={fields.category}
              onChange={set('category')}
              className={inputClass}
            >
              <option value="">Choose a category</option>
              {CATEGORIES.map((category) => (
                <option key={category}>{category}</option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">Sizes and stock</legend>
        <p className="text-sm text-muted">
          Tick each size the product comes in and how many are in stock to sell. Units held by checkouts in
          progress are not in these counts: they are sold once paid for, or come back when a checkout lapses.
        </p>
        {errors.sizes && <p className="text-sm font-semibold text-red-800">{errors.sizes}</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          {SIZES.map((size) => {
            // An id is one token: aria-describedby splits "reserved-One Size Fits All" at its spaces.
            const idPart = size.replaceAll(' ', '-');
            const offered = sizes[size] !== undefined;
            const reserved = stockBase?.reserved.find((entry) => entry.size === size)?.quantity;
            const error = errors[`sizes.${size}`];
            const describedBy = [reserved ? `reserved-${idPart}` : '', error ? `stock-error-${idPart}` : '']
              .filter(Boolean)
              .join(' ');
            return (
              <div
                key={size}
                className="flex flex-wrap items-center gap-x-3 rounded bg-white p-2 ring-1 ring-charcoal/10"
              >
                <label className="flex min-h-11 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-charcoal"
                    checked={offered}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setSizes((current) => ({
                        ...current,
                        [size]: checked ? (current[size] ?? '0') : undefined,
                      }));
                    }}
                  />
                  {size}
                </label>
                <label className="sr-only" htmlFor={`stock-${idPart}`}>
                  {size} in stock
                </label>
                <div className="w-24">
                  <input
                    id={`stock-${idPart}`}
                    inputMode="numeric"
                    disabled={!offered}
                    aria-describedby={describedBy || undefined}
                    aria-invalid={error ? true : undefined}
                    value={sizes[size] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setSizes((current) => ({ ...current, [size]: value }));
                    }}
                    className={`${inputClass} disabled:bg-charcoal/5`}
                  />
                </div>
                {reserved ? (
                  <p id={`reserved-${idPart}`} className="basis-full text-sm text-muted">
                    {reserved} more held by checkouts in progress
                  </p>
                ) : null}
                {error && (
                  <p id={`stock-error-${idPart}`} className="basis-full text-sm font-semibold text-red-800">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      <ImagePicker images={images} onChange={setImages} error={errors.images} />
      <div>
        <Button type="submit" busy={busy}>
          {editing ? 'Save product' : 'Create product'}
        </Button>
      </div>
    </ScriptForm>
  );
}
