import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a deadline, ticking once a second; `start(60)` begins a new countdown. */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - now()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);

  const start = useCallback(
    (seconds: number) => {
      setRemaining(Math.max(0, Math.ceil(seconds)));
      setDeadline(now() + seconds * 1000);
    },
    [now],
  );

  return { remaining, running: remaining > 0, start };
}
