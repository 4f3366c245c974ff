import type { OpeningHours as Hours } from '@barbershop/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RootData } from '../../root.tsx';
import { OpeningHours } from './opening-hours.tsx';

const HOURS: Hours = {
  monday: [],
  tuesday: [['09:00', '17:00']],
  wednesday: [['09:00', '17:00']],
  thursday: [['09:00', '19:30']],
  friday: [['09:00', '17:00']],
  saturday: [['10:00', '14:00']],
  sunday: [],
};

function HoursPage() {
  return <OpeningHours hours={HOURS} labelledBy="hours" />;
}

/** The table as the server renders it, under a root whose loader said what day it is at the shop. */
function rendered(today: RootData['today']) {
  const root = { config: { timeZone: 'America/Denver' }, today } as RootData;
  const Page = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: HoursPage,
      loader: () => root,
    },
  ]);
  return renderToStaticMarkup(<Page hydrationData={{ loaderData: { root } }} />);
}

describe('OpeningHours', () => {
  it("marks the shop's today, as the server found it, in the page as first rendered", () => {
    const html = rendered({ year: '2026', weekday: 'thursday', endsAt: Date.now() + 3_600_000 });
    const current = html.match(/<tr aria-current="date"[^>]*><th[^>]*>([^<]+)/g) ?? [];
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('Thursday');
    expect(html).toContain('Thursday<span class="sr-only"> (today)</span>');
  });
});
