import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DAY_MS, MINUTE_MS } from '../../../lib/stroke-store';
import { loadRadarImage, radarImageUrl } from '../../weather/radar-images';
import { cornersOf } from '../../weather/radar-layer';
import { prefetchRadarFrame, useRadarFrame } from '../api/get-radar-frame';
import { useRadarTimes } from '../api/get-radar-times';
import { frameAt, pickProduct, productsOf } from './radar-frames';

/**
 * The radar layer's state: the products with frames over the last 24 h, the chosen one, the frame at the
 * time the map shows (live: the latest; replay: the one at or before the replay clock), and the next frame
 * loaded ahead so the animation does not wait for it.
 */
export function useRadar(enabled: boolean, now: number, shown: number) {
  const client = useQueryClient();
  const [chosen, setProduct] = useState<string | null>(null);
  const [opacity, setOpacity] = useState(0.7);
  const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const times = useRadarTimes(
    enabled
      ? { from: new Date(minute - DAY_MS).toISOString(), to: new Date(minute + MINUTE_MS).toISOString() }
      : null,
  );
  const items = times.data?.items ?? [];
  const products = useMemo(() => productsOf(items), [items]);
  const product = pickProduct(products, chosen);
  const { current, next } = useMemo(() => frameAt(items, product, shown), [items, product, shown]);
  const meta = useRadarFrame(enabled ? current : null);

  useEffect(() => {
    if (!enabled || !next) return;
    prefetchRadarFrame(client, next.product, next.time)
      .then((f) => loadRadarImage(radarImageUrl(f.image.url)))
      .catch(() => {});
  }, [enabled, next, client]);

  const frame = current ? (meta.data ?? null) : null;
  const image = useMemo(
    () => (frame ? { url: radarImageUrl(frame.image.url), corners: cornersOf(frame.image.bounds) } : null),
    [frame],
  );
  return {
    products,
    product,
    setProduct,
    opacity,
    setOpacity,
    frame,
    image,
    error: times.error ?? meta.error,
    loading: times.isFetching || meta.isFetching,
  };
}
