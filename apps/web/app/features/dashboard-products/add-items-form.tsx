import { AddItemsSchema, type AdminProductDetail, SIZES } from '@barbershop/contract';
import { typedNumber } from '@barbershop/contract/format';
import { useRef, useState } from 'react';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { ScriptForm } from '../../components/script-form.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
import type { ApiClient } from '../../lib/api.ts';
import { saveFailure } from '../../lib/save-failure.ts';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';

/** 'Add walk-in items': items sold in the shop, of one size and a count, owned by no account. */
export function AddItemsForm({
  api,
  product,
  onAdded,
}: {
  api: ApiClient;
  product: AdminProductDetail;
  onAdded: (count: number) => void;
}) {
  const offered = product.stock.length > 0 ? product.stock.map((entry) => entry.size) : [...SIZES];
  const [size, setSize] = useState<string>(offered[0] ?? '');
  const [count, setCount] = useState('1');
  // A new object at each try, so a second refusal takes the keyboard to the count again.
  const [errors, setErrors] = useState<{ count?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, errors.count ?? failure, errors);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signInAgain.noteFrom(null);
    const parsed = AddItemsSchema.safeParse({ size, count: typedNumber(count) });
    if (!parsed.success) {
      setErrors({ count: parsed.error.issues[0]?.message ?? 'Enter a count' });
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await api.send('POST', `/products/${product._id}/items`, parsed.data);
      onAdded(parsed.data.count);
      setCount('1');
    } catch (caught) {
      signInAgain.noteFrom(caught);
      setFailure(saveFailure('Could Not Complete', caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScriptForm
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-charcoal/10"
    >
      <h3 className="text-xl">Add walk-in items</h3>
      {failure && (
        <Alert>
          {failure}
          {signInAgain.note}
        </Alert>
      )}
      <div className="flex flex-wrap items-start gap-4">
        <FormField label="Size">
          {(control) => (
            <select
              {...control}
              value={size}
              onChange={(event) => setSize(event.currentTarget.value)}
              className={inputClass}
            >
              {offered.map((each) => (
                <option key={each}>{each}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Count" error={errors.count}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              value={count}
              onChange={(event) => setCount(event.currentTarget.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <Button type="submit" busy={busy} className="mt-7">
          Add items
        </Button>
      </div>
    </ScriptForm>
  );
}
