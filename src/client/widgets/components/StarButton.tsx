/** The star that follows or unfollows a pair (market rows and the pair detail). */
import { memo } from 'react';
import { useT } from '../../i18n';

export const StarButton = memo(function StarButton({ symbol, followed, onToggle }: {
  symbol: string; followed: boolean; onToggle: (symbol: string, followed: boolean) => void;
}) {
  const t = useT();
  return (
    <button type="button" className="w-star" aria-pressed={followed}
      aria-label={t(followed ? 'market.favorite_remove' : 'market.favorite_add', { pair: symbol })}
      onClick={() => onToggle(symbol, followed)}>
      <span aria-hidden="true">{followed ? '★' : '☆'}</span>
    </button>
  );
});
