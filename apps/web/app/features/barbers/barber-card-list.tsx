import type { Barber } from '@barbershop/contract';
import { Link } from 'react-router';
import { StoredImage } from '../../components/stored-image.tsx';

export type BarberCard = Pick<Barber, 'gid' | 'name' | 'nickname' | 'profilePicture'>;

/** The home page's barbers section: one card per barber, linking to that barber's tab. */
export function BarberCardList({ barbers }: { barbers: BarberCard[] }) {
  if (barbers.length === 0) {
    return <p className="text-muted">Our barbers will be introduced here soon.</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
      {barbers.map((barber, index) => (
        <li key={barber.gid}>
          <Link
            to={`/barbershops/barbers?index=${index}`}
            className="group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-black/5 hover:shadow-md"
          >
            {/* The link says the barber's name below it; the portrait's own words would say it twice. */}
            <StoredImage
              image={barber.profilePicture}
              alt=""
              sizes="(min-width: 768px) 33vw, 50vw"
              width={800}
              height={1000}
              loading="lazy"
              className="aspect-[4/5] w-full object-cover transition-transform group-hover:scale-[1.02]"
            />
            {/* The card clips what passes its edge: a long word in a name wraps instead of being cut off. */}
            <div className="p-3 wrap-anywhere">
              <h3 className="text-lg">{barber.name}</h3>
              {barber.nickname && <p className="text-sm text-muted">“{barber.nickname}”</p>}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
