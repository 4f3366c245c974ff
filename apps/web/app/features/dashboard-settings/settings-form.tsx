import { type Shop, UpdateShopSchema } from '@barbershop/contract';
import { typedNumber } from '@barbershop/contract/format';
import { useRef, useState } from 'react';
import { AddressFields, EMPTY_ADDRESS } from '../../components/address-fields.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { HoursEditor } from '../../components/hours-editor.tsx';
import { ScriptForm } from '../../components/script-form.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { type ApiClient, ApiError } from '../../lib/api.ts';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';

type TextField = 'name' | 'phone' | 'email';

/**
 * What the form starts from: a fresh install's stand-in phone, email and address start empty, so
 * they are typed rather than saved as the shop's by a save that changed only the name.
 */
function startingDraft(shop: Shop): Shop {
  if (shop.configured) return shop;
  return { ...shop, phone: '', email: '', address: { ...EMPTY_ADDRESS, country: shop.address.country } };
}

/** Shop settings (admin): name, address, phone, email, hours, social links and the sales tax rate. */
export function SettingsForm({ api, shop, onSaved }: { api: ApiClient; shop: Shop; onSaved: () => void }) {
  const [draft, setDraft] = useState(() => startingDraft(shop));
  const [taxPercent, setTaxPercent] = useState(String(Math.round(shop.salesTaxRate * 100_000) / 1000));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure, errors);
  const [busy, setBusy] = useState(false);
  const { name, phone, email, address, hours, socialLinks } = draft;
  const snapshot = JSON.stringify([name, phone, email, address, hours, socialLinks, taxPercent]);
  const unsaved = useUnsavedChanges(snapshot);

  const text = (field: TextField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateShopSchema.safeParse({
      name: draft.name,
      phone: draft.phone,
      email: draft.email,
      address: draft.address,
      hours: draft.hours,
      // To the thousandth of a percent the field shows: 2.9 / 100 is 0.028999999999999998 in floating point.
      salesTaxRate: Math.round(typedNumber(taxPercent) * 1000) / 100_000,
      socialLinks: draft.socialLinks.filter((link) => link.label || link.url),
      // The settings this page last loaded: a save over someone else's newer one is refused.
      version: shop.version,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      setFailure('Settings not saved: check the fields marked below.');
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const sent = snapshot;
    try {
      await api.send('PUT', '/shop', parsed.data);
      unsaved.allowLeaving(sent);
      onSaved();
    } catch (error) {
      setFailure(error instanceof ApiError ? `Settings not saved: ${error.message}` : 'Settings not saved');
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScriptForm ref={formRef} noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-5">
      {unsaved.prompt}
      {failure && <Alert>{failure}</Alert>}
      {!shop.configured && (
        <Alert tone="info">
          Your shop is not set up yet: until you save its phone, email and address here, the public pages
          leave them out.
        </Alert>
      )}
      <FormField label="Shop name" error={errors.name} required>
        {(control) => (
          <input {...control} value={draft.name} onChange={text('name')} className={inputClass} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Phone" error={errors.phone} required>
          {(control) => (
            <input
              {...control}
              type="tel"
              value={draft.phone}
              onChange={text('phone')}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Email" error={errors.email} required>
          {(control) => (
            <input
              {...control}
              type="email"
              value={draft.email}
              onChange={text('email')}
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      <AddressFields
        address={draft.address}
        onChange={(address) => setDraft((current) => ({ ...current, address }))}
        errors={errors}
      />
      <HoursEditor
        hours={draft.hours}
        onChange={(hours) => setDraft((current) => ({ ...current, hours }))}
        errors={errors}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">Social links</legend>
        {draft.socialLinks.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a link being typed has no other identity yet.
          <div key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
            <FormField label={`Link ${index + 1} label`} error={errors[`socialLinks.${index}.label`]}>
              {(control) => (
                <input
                  {...control}
                  value={link.label}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((current) => ({
                      ...current,
                      socialLinks: current.socialLinks.map((each, i) =>
                        i === index ? { ...each, label: value } : each,
                      ),
                    }));
                  }}
                  className={inputClass}
                />
              )}
            </FormField>
            <FormField label={`Link ${index + 1} URL`} error={errors[`socialLinks.${index}.url`]}>
              {(control) => (
                <input
                  {...control}
                  type="url"
                  value={link.url}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((current) => ({
                      ...current,
                      socialLinks: current.socialLinks.map((each, i) =>
                        i === index ? { ...each, url: value } : each,
                      ),
                    }));
                  }}
                  className={inputClass}
                />
              )}
            </FormField>
            <Button
              variant="ghost"
              onClick={() =>
                setDraft((current) => ({
                  ...current,
                  socialLinks: current.socialLinks.filter((_, i) => i !== index),
                }))
              }
            >
              Remove<span className="sr-only"> link {index + 1}</span>
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              setDraft((current) => ({
                ...current,
                socialLinks: [...current.socialLinks, { label: '', url: '' }],
              }))
            }
          >
            Add a social link
          </Button>
        </div>
      </fieldset>
      <FormField
        label="Sales tax rate (%)"
        hint="Charged on the subtotal at checkout; 0 for none."
        error={errors.salesTaxRate}
        className="max-w-xs"
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            value={taxPercent}
            onChange={(event) => setTaxPercent(event.currentTarget.value)}
            className={inputClass}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" busy={busy}>
          Save settings
        </Button>
      </div>
    </ScriptForm>
  );
}
