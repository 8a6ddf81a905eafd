/** The star that follows or unfollows a pair (the pair detail); its pressed state says which. */
import { memo } from 'react';
import { useT } from '../../i18n';

export const StarButton = memo(function StarButton({ pair, followed, onToggle }: {
  /** The pair's name, for the label: `BTC/USDT`. */
  pair: string; followed: boolean; onToggle: () => void;
}) {
  const t = useT();
  return (
    <button type="button" className="w-star" aria-pressed={followed}
      aria-label={t(followed ? 'market.favorite_remove' : 'market.favorite_add', { pair })}
      onClick={onToggle}>
      <span aria-hidden="true">{followed ? '★' : '☆'}</span>
    </button>
  );
});
