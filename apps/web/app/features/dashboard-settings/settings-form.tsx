import { POLICIES_MAX, POLICY_MAX_LENGTH, type Shop, UpdateShopSchema } from '@barbershop/contract';
import { typedPercent } from '@barbershop/contract/format';
import { useRef, useState } from 'react';
import { AddressFields, EMPTY_ADDRESS } from '../../components/address-fields.tsx';
import { Alert } from '../../components/alert.tsx';
import { Announcement } from '../../components/announcement.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { HoursEditor } from '../../components/hours-editor.tsx';
import { useListRows } from '../../components/list-rows.ts';
import { ScriptForm } from '../../components/script-form.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { type ApiClient, ApiError } from '../../lib/api.ts';
import { saveFailure } from '../../lib/save-failure.ts';
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

/**
 * What to say beside the policies' box: a refusal of one line names that line (`policies.3` is the
 * fourth line typed), one of them all is said as it is.
 */
function policiesError(errors: Record<string, string>): string | undefined {
  const [path, message] = Object.entries(errors).find(([key]) => /^policies(\.|$)/.test(key)) ?? [];
  if (!path || !message) return undefined;
  const line = Number(path.split('.')[1]);
  return Number.isInteger(line) ? `Line ${line + 1}: ${message}` : message;
}

/**
 * The fields a refusal of the server's names (`body.address.city`), by the paths the contract's schema
 * gives them here, so each is marked beside its field as the form's own check would.
 */
function refusedFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.issues.flatMap(({ path, message }) =>
      path.startsWith('body.') ? [[path.slice('body.'.length), message]] : [],
    ),
  );
}

/**
 * Shop settings (admin): name, address, phone, email, hours, social links, policies and the sales tax
 * rate.
 */
export function SettingsForm({ api, shop, onSaved }: { api: ApiClient; shop: Shop; onSaved: () => void }) {
  const [draft, setDraft] = useState(() => startingDraft(shop));
  const [taxPercent, setTaxPercent] = useState(String(Math.round(shop.salesTaxRate * 100_000) / 1000));
  // One policy a line, as the owner types them: the lines are split only when sent.
  const [policies, setPolicies] = useState(shop.policies.join('\n'));
  const linkRows = useListRows();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure, errors);
  const [busy, setBusy] = useState(false);
  const { name, phone, email, address, hours, socialLinks } = draft;
  const snapshot = JSON.stringify([name, phone, email, address, hours, socialLinks, policies, taxPercent]);
  const unsaved = useUnsavedChanges(snapshot);

  const text = (field: TextField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((current) => ({ ...current, [field]: value }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signInAgain.noteFrom(null);
    const parsed = UpdateShopSchema.safeParse({
      name: draft.name,
      phone: draft.phone,
      email: draft.email,
      address: draft.address,
      hours: draft.hours,
      salesTaxRate: typedPercent(taxPercent),
      socialLinks: draft.socialLinks.filter((link) => link.label || link.url),
      policies: policies.split('\n'),
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
      setErrors(refusedFields(error));
      signInAgain.noteFrom(error);
      setFailure(saveFailure('Settings not saved', error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScriptForm ref={formRef} noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-5">
      {unsaved.prompt}
      {failure && (
        <Alert>
          {failure}
          {signInAgain.note}
        </Alert>
      )}
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
      <fieldset data-rows className="flex flex-col gap-3">
        <legend className="font-semibold">Social links</legend>
        {draft.socialLinks.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a link being typed has no other identity yet.
          <div key={index} data-row className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
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
              data-remove
              onClick={(event) => {
                linkRows.removed(event, index, `Link ${index + 1}`);
                setDraft((current) => ({
                  ...current,
                  socialLinks: current.socialLinks.filter((_, i) => i !== index),
                }));
              }}
            >
              Remove<span className="sr-only"> link {index + 1}</span>
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            data-add
            onClick={(event) => {
              linkRows.added(event, draft.socialLinks.length);
              setDraft((current) => ({
                ...current,
                socialLinks: [...current.socialLinks, { label: '', url: '' }],
              }));
            }}
          >
            Add a social link
          </Button>
        </div>
        <Announcement said={linkRows.said} />
      </fieldset>
      <FormField
        label="Policies"
        hint={`One a line, up to ${POLICIES_MAX} of ${POLICY_MAX_LENGTH} characters each: each barber's page and the terms of service list them.`}
        error={policiesError(errors)}
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            value={policies}
            onChange={(event) => setPolicies(event.currentTarget.value)}
            className={inputClass}
          />
        )}
      </FormField>
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
