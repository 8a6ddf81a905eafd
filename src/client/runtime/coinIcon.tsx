/**
 * A coin's or stock's icon: the shipped icon (src/shared/coinIcons.ts, a static file loaded lazily by the
 * browser) or, for a symbol without one or when the file fails to load, its letter mark: a coloured circle
 * with the symbol's first letter. Decorative (the symbol is written beside it), so hidden from assistive
 * technology. Styles: .coin-icon in styles/base.css.
 */
import { useState } from 'react';
import { coinIconUrl, letterMark } from '../../shared/coinIcons';

export function CoinIcon({ symbol, size = 28 }: { symbol: string | undefined; size?: number }) {
  const key = (symbol ?? '').trim();
  const url = key ? coinIconUrl(key) : undefined;
  const [failed, setFailed] = useState<string | null>(null);
  if (!key) return null;
  if (url && failed !== url) {
    return (
      <img className="coin-icon" src={url} alt="" aria-hidden="true" width={size} height={size}
        loading="lazy" decoding="async" onError={() => setFailed(url)} />
    );
  }
  const { letter, colour } = letterMark(key);
  return (
    <span className="coin-icon coin-icon--letter" aria-hidden="true" data-symbol={key.toUpperCase()}
      style={{ inlineSize: size, blockSize: size, backgroundColor: colour, fontSize: Math.round(size * 0.5) }}>
      {letter}
    </span>
  );
}
