import { PAGE_GAP, pageCount, pageNumbers, showingText } from '@hivqe/contract';

interface JobsPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

const buttonStyle =
  'min-w-8 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-300 aria-[current=page]:bg-accent-600 aria-[current=page]:text-white';

/** 'Showing a-b of n jobs (Page p of P)' and first / previous / pages / next / last (jobs.md 2.1). */
export function JobsPagination({ page, pageSize, total, onPage }: JobsPaginationProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{showingText(page, pageSize, total)}</p>
      {/* Wraps rather than spilling out of the card on a narrow screen (issue 30). */}
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          aria-label="First page"
          className={buttonStyle}
          disabled={page === 1}
          onClick={() => onPage(1)}
        >
          «
        </button>
        <button
          type="button"
          aria-label="Previous page"
          className={buttonStyle}
          disabled={page === 1}
          onClick={() => onPage(page - 1)}
        >
          ‹
        </button>
        {pageNumbers(page, pages).map((item, index) =>
          item === PAGE_GAP ? (
            <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              {PAGE_GAP}
            </span>
          ) : (
            <button
              key={item}
              type="button"
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              className={buttonStyle}
              onClick={() => onPage(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          aria-label="Next page"
          className={buttonStyle}
          disabled={page === pages}
          onClick={() => onPage(page + 1)}
        >
          ›
        </button>
        <button
          type="button"
          aria-label="Last page"
          className={buttonStyle}
          disabled={page === pages}
          onClick={() => onPage(pages)}
        >
          »
        </button>
      </div>
    </nav>
  );
}
