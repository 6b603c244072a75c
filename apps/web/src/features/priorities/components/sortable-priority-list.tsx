import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { RankableEntry } from '../priority-labels.ts';
import { SortablePriorityCard } from './sortable-priority-card.tsx';

/** A press turns into a drag only after the pointer moves this far, so clicks stay clicks (accounts.md 9). */
const DRAG_ACTIVATION_DISTANCE_PX = 8;

interface SortablePriorityListProps {
  entries: RankableEntry[];
  defaultId: string | null;
  onReorder: (organizationIds: string[]) => void;
}

export function SortablePriorityList({ entries, defaultId, onReorder }: SortablePriorityListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = entries.map((entry) => entry.organization_id);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label="Organization priority order" className="space-y-3">
          {entries.map((entry, index) => (
            <SortablePriorityCard
              key={entry.organization_id}
              entry={entry}
              rank={index + 1}
              isDefault={entry.organization_id === defaultId}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
