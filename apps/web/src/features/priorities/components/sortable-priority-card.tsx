import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { RankableEntry } from '../priority-labels.ts';
import { PriorityCard } from './priority-card.tsx';

interface SortablePriorityCardProps {
  entry: RankableEntry;
  rank: number;
  isDefault: boolean;
}

/** A card moved by its handle: with the mouse, or with Space, the arrow keys and Space again. */
export function SortablePriorityCard({ entry, rank, isDefault }: SortablePriorityCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: entry.organization_id });
  const name = entry.organization_name ?? 'Organization';

  return (
    <PriorityCard
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 10 : undefined,
      }}
      entry={entry}
      rank={rank}
      isDefault={isDefault}
      handle={
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${name}`}
          className="cursor-grab touch-none self-center rounded px-1 text-lg leading-none text-slate-400 hover:text-slate-600 focus:ring-2 focus:ring-accent-200 focus:outline-none active:cursor-grabbing"
        >
          <span aria-hidden="true">⠿</span>
        </button>
      }
    />
  );
}
