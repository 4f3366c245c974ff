import { formatDollars } from '@barbershop/contract/format';
import { useRef, useState } from 'react';
import { StoredImage } from '../../components/stored-image.tsx';
import { isRepeatClick } from '../../lib/repeat-click.ts';
import type { CartLine } from './cart-rules.ts';

/** SPEC.md section 9: a left swipe of more than this reveals the delete button. */
export const SWIPE_REVEAL_PX = 50;

/**
 * A line of the header's cart dropdown. Hovering, a left swipe of more than 50 px, or keyboard focus
 * reveals its X button (SPEC.md section 2); a right swipe hides it again.
 */
export function CartDropdownLine({ line, onDelete }: { line: CartLine; onDelete: () => void }) {
  const [revealed, setRevealed] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);

  function onPointerMove(event: React.PointerEvent) {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    // A mostly vertical move is the list scrolling, not a swipe.
    if (Math.abs(event.clientY - start.current.y) > Math.abs(dx)) return;
    if (dx < -SWIPE_REVEAL_PX) setRevealed(true);
    else if (dx > SWIPE_REVEAL_PX) setRevealed(false);
  }

  return (
    <li
      className="group relative touch-pan-y overflow-hidden border-b border-charcoal/10 select-none"
      onPointerDown={(event) => {
        start.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        start.current = null;
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      <div
        className={`flex items-center gap-2 py-2 pl-2 pr-2 transition-transform duration-150 group-focus-within:-translate-x-11 group-hover:-translate-x-11 ${
          revealed ? '-translate-x-11' : ''
        }`}
      >
        <StoredImage
          image={line.image}
          alt=""
          sizes="48px"
          width={48}
          height={48}
          loading="lazy"
          draggable={false}
          className="h-12 w-12 shrink-0 rounded object-cover"
        />
        <div className="min-w-0 flex-1 text-sm">
          <p className="truncate font-semibold">{line.name}</p>
          <p className="text-muted">
            {line.size}
            <span className="block">
              {line.quantity} × {formatDollars(line.pricing)}
            </span>
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={(event) => {
          // The next line moves up under the pointer, its X showing: a double-click deletes one line.
          if (!isRepeatClick(event)) onDelete();
        }}
        aria-label={`Delete ${line.name}, ${line.size}`}
        className={`absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center bg-red-800 text-xl text-white transition-opacity duration-150 focus:pointer-events-auto focus:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 ${
          revealed ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
