import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api.ts';
import { BarberForm } from './barber-form.tsx';

function CreatePage() {
  return <BarberForm api={{} as ApiClient} onSaved={() => {}} />;
}

/** The new-barber form as the page first renders it, in a router as the dashboard's pages are. */
function form(): string {
  const Page = createRoutesStub([{ id: 'create', path: '/', Component: CreatePage }]);
  return renderToStaticMarkup(<Page hydrationData={{ loaderData: { create: null } }} />);
}

/** The inputmode of the input labelled `label`, or null when it has none. */
function inputModeOf(html: string, label: string): string | null {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}<`).exec(html)?.[1];
  expect(id, label).toBeDefined();
  const input = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return /inputMode="(\w+)"/.exec(input)?.[1] ?? null;
}

describe('BarberForm', () => {
  it("opens a phone's number pad for counts, a decimal pad for the rating, the full keyboard for coordinates", () => {
    const html = form();
    expect(inputModeOf(html, 'Rating \\(0 to 5\\)')).toBe('decimal');
    expect(inputModeOf(html, 'Review count')).toBe('numeric');
    expect(inputModeOf(html, 'Display order')).toBe('numeric');
    expect(inputModeOf(html, 'Longitude')).toBeNull();
  });
});
